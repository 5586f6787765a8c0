// How this app instance was launched: set by the test before it imports index.ts.
export interface FakeLaunch {
  userData: string
  /** The app path (package.json's folder); default: the working directory. */
  appPath?: string
  isPackaged?: boolean
  argv?: string[]
}

let launch: FakeLaunch = { userData: '' }
/** Set before importing index.ts: where this app instance keeps its data. */
export function configureLaunch(l: FakeLaunch): void {
  launch = l
}

export function currentLaunch(): FakeLaunch {
  return launch
}
