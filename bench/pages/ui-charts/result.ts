// What the chart bench page reports back to the Node runner (DOM-free, shared by both sides).
export type Variant = 'app' | 'defaults'
export interface RunResult {
  /** Until the pixels exist (Chart.js work, then the canvas rasterised: getImageData). */
  firstDrawMs: number
  redrawMs: number
  /** Chart.js alone: layout, elements and draw calls recorded, before rasterisation. */
  firstDrawJsMs: number
  redrawJsMs: number
  /** Defaults only: until the first animation completes (Chart.js animates for 1 s). */
  settledMs: number | null
}
