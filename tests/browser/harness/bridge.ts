// window.api in Chromium, built by the REAL preload bundle: an init script gives the bundle a
// `require('electron')` whose ipcRenderer.invoke goes to page.exposeFunction → the IPC handler
// table main registers, and whose ipcRenderer.on listeners receive the core's events. Every
// payload that crosses (request args, results, events) is recorded for assertions.
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import type { IpcHandlerTable } from '../../../src/main/ipc/handlers'
import {
  EVENT_CHANNELS,
  REQUEST_CHANNELS,
  type IpcEvent,
  type IpcMethod,
} from '../../../src/shared/ipc-channels'
import type { IpcResult } from '../../../src/shared/ipc-contract'

export type IpcRecord =
  | {
      kind: 'request'
      method: IpcMethod
      channel: string
      args: unknown[]
      result: IpcResult<unknown>
    }
  | { kind: 'event'; event: IpcEvent; channel: string; payload: unknown }

const METHOD_OF = new Map<string, IpcMethod>(
  (Object.entries(REQUEST_CHANNELS) as [IpcMethod, string][]).map(([m, ch]) => [ch, m]),
)

/**
 * The page side. Runs before any page script (CDP init scripts are not subject to the page CSP),
 * defines the electron shim, then runs the preload bundle's source as a function body.
 */
export function preloadInitScript(preloadSource: string): string {
  const shim = `
    const listeners = new Map();
    // contextBridge copies what crosses: functions are proxied, and an Error keeps only its
    // message (Electron drops custom properties such as .kind), so the page sees what it would.
    const copyError = (e) => new Error(e && typeof e.message === 'string' ? e.message : String(e));
    const bridged = (fn) => (...args) => {
      let out;
      try { out = fn(...args); } catch (e) { throw copyError(e); }
      return out && typeof out.then === 'function' ? out.then((v) => v, (e) => { throw copyError(e); }) : out;
    };
    const exposeInMainWorld = (key, value) => {
      const copy = {};
      for (const [k, v] of Object.entries(value)) copy[k] = typeof v === 'function' ? bridged(v) : v;
      Object.defineProperty(window, key, { value: Object.freeze(copy), enumerable: true });
    };
    const electron = {
      contextBridge: { exposeInMainWorld },
      ipcRenderer: {
        // Results cross as JSON text, parsed here: Electron's structured clone is about as cheap,
        // while Playwright's own value serialisation takes seconds for a 1000-row watchlist.
        invoke: (channel, ...args) => window.__lwInvoke(channel, args).then((json) => (json === undefined ? undefined : JSON.parse(json))),
        on: (channel, fn) => {
          if (!listeners.has(channel)) listeners.set(channel, new Set());
          listeners.get(channel).add(fn);
        },
        removeListener: (channel, fn) => { listeners.get(channel)?.delete(fn); },
      },
    };
    // Main → renderer: the harness calls this with each event the core emits.
    Object.defineProperty(window, '__lwDeliver', {
      value: (channel, json) => {
        const payload = json === undefined ? undefined : JSON.parse(json);
        const set = listeners.get(channel);
        if (!set) return 0;
        for (const fn of [...set]) fn({ sender: null }, payload);
        return set.size;
      },
    });
    const require = (name) => {
      if (name !== 'electron') throw new Error('preload shim: cannot require ' + name);
      return electron;
    };`
  return `(() => {${shim}\n(function (require, module, exports) {\n${preloadSource}\n})(require, { exports: {} }, {});\n})();`
}

export interface Bridge {
  records: IpcRecord[]
  /** Delivers one event to the page's listeners (a no-op until the page has subscribed). */
  deliver<E extends IpcEvent>(event: E, payload: unknown): void
  /** Resolves once every queued delivery has reached the page. */
  settled(): Promise<void>
  requests(method?: IpcMethod): Extract<IpcRecord, { kind: 'request' }>[]
  events(event?: IpcEvent): Extract<IpcRecord, { kind: 'event' }>[]
}

/** `table` is read per call, so the bridge can exist before the core it leads to. */
export async function installBridge(
  page: Page,
  table: () => IpcHandlerTable,
  preloadFile: string,
): Promise<Bridge> {
  const records: IpcRecord[] = []
  await page.exposeFunction('__lwInvoke', async (channel: string, args: unknown[]) => {
    const method = METHOD_OF.get(channel)
    // ipcMain would have no handler: the invoke rejects, as in Electron.
    if (!method) throw new Error(`No handler registered for '${channel}'`)
    const result = await table()[method](args)
    records.push({ kind: 'request', method, channel, args, result })
    // As text (the page's invoke parses it): see preloadInitScript.
    return JSON.stringify(result)
  })
  await page.addInitScript({ content: preloadInitScript(readFileSync(preloadFile, 'utf8')) })

  let queue: Promise<void> = Promise.resolve()
  const deliver: Bridge['deliver'] = (event, payload) => {
    const channel = EVENT_CHANNELS[event]
    records.push({ kind: 'event', event, channel, payload })
    queue = queue.then(async () => {
      if (page.isClosed()) return
      try {
        // As JSON text, parsed in the page: Playwright's value serialisation is slow for big rows.
        await page.evaluate(([ch, p]) => (globalThis as unknown as LwWindow).__lwDeliver?.(ch, p), [
          channel,
          JSON.stringify(payload),
        ] as const)
      } catch {
        // The page navigated or closed mid-delivery: Electron drops such sends too.
      }
    })
  }
  return {
    records,
    deliver,
    settled: () => queue,
    requests: (m) =>
      records.filter(
        (r): r is Extract<IpcRecord, { kind: 'request' }> =>
          r.kind === 'request' && (!m || r.method === m),
      ),
    events: (e) =>
      records.filter(
        (r): r is Extract<IpcRecord, { kind: 'event' }> =>
          r.kind === 'event' && (!e || r.event === e),
      ),
  }
}

interface LwWindow {
  __lwDeliver?: (channel: string, json: string) => number
}
