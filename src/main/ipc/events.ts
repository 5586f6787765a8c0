// Typed main → renderer events: the core emits by name, the shell maps names to channels.
import { EVENT_CHANNELS, type IpcEvent } from '../../shared/ipc-channels'
import type { IpcEventPayloads } from '../../shared/ipc-contract'

export type EventSink = <E extends IpcEvent>(event: E, payload: IpcEventPayloads[E]) => void

/** An EventSink that sends on the contract's channel (e.g. webContents.send). */
export function channelEventSink(send: (channel: string, payload: unknown) => void): EventSink {
  return (event, payload) => send(EVENT_CHANNELS[event], payload)
}

/** Fan one event out to several sinks (window, tray); one failing sink does not starve the rest. */
export function fanOutEventSink(sinks: EventSink[], onError?: (e: unknown) => void): EventSink {
  return (event, payload) => {
    for (const sink of sinks) {
      try {
        sink(event, payload)
      } catch (e) {
        onError?.(e)
      }
    }
  }
}

/** A fan-out whose sinks are added later: the core emits from its start, window and tray join once made. */
export function eventHub(onError?: (e: unknown) => void): {
  emit: EventSink
  add(sink: EventSink): void
} {
  const sinks: EventSink[] = []
  return { emit: fanOutEventSink(sinks, onError), add: (sink) => void sinks.push(sink) }
}
