// The part of a persistent JSON store the engine needs. `conf` (Node, CLI, tests) and
// `electron-store` (the app) both satisfy it, so engine code never imports electron.
export interface KeyValueStore {
  /** The whole stored object; assigning it writes the file. */
  store: Record<string, unknown>
  readonly path: string
}

/** How settings-store asks for its backing store: a directory and a file name without `.json`. */
export type KeyValueStoreFactory = (opts: { cwd: string; configName: string }) => KeyValueStore
