// The project's electron-vite config reduced to its preload entry, so tests can build the real
// preload bundle alone (electron-vite builds only the targets a config names).
import { defineConfig } from 'electron-vite'
import base from '../../electron.vite.config'

export default defineConfig({ preload: (base as { preload: object }).preload })
