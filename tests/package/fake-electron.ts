// A stand-in for the Electron binary, which cannot be downloaded here: a file carrying
// Electron's fuse wire in its real format (the sentinel, version 1, length, one byte per fuse),
// so @electron/fuses reads and flips it exactly as it would in the real binary.
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { FuseState, FuseV1Options } from '@electron/fuses'

/** Electron's fuse sentinel (electron/build/fuses), searched for by @electron/fuses. */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
/** Nine fuses at Electron's documented defaults: RunAsNode on, cookie encryption off,
 *  NODE_OPTIONS on, inspect on, asar integrity off, only-asar off, V8 snapshot off,
 *  file-protocol privileges on, Wasm trap handlers on ('1' enabled, '0' disabled). */
export const DEFAULT_WIRE = '101100011'

export async function writeFakeElectronBinary(path: string, wire = DEFAULT_WIRE): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const header = Buffer.from('#!/bin/sh\necho "not a real Electron"\n')
  const fuses = Buffer.concat([
    Buffer.from(SENTINEL, 'ascii'),
    Buffer.from([1, wire.length]),
    Buffer.from(wire, 'ascii'),
  ])
  await writeFile(path, Buffer.concat([header, fuses, Buffer.from('\n')]))
  await chmod(path, 0o755)
}

/** The fuse states as named booleans, read back from the file the way Electron would. */
export async function readFuses(path: string): Promise<Record<string, boolean>> {
  const bytes = await readFile(path)
  const at = bytes.indexOf(SENTINEL) + SENTINEL.length
  const length = bytes[at + 1] ?? 0
  const wire = bytes.subarray(at + 2, at + 2 + length)
  const named: Record<string, boolean> = {}
  wire.forEach((state, index) => {
    named[FuseV1Options[index] ?? `fuse${index}`] = state === FuseState.ENABLE
  })
  return named
}
