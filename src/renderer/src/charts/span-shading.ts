// Shaded x-spans behind a chart's data (a backtest's would-be alerts), as a Chart.js plugin given to
// one chart only. chartjs-plugin-annotation draws this too, but it is a global plugin with a
// hundred kinds of annotation; filled rectangles between two x values are 20 lines of our own.
import type { Chart, Plugin } from 'chart.js'

export interface XSpan {
  /** x values (epoch ms); `to` null: up to the right edge (still open). */
  from: number
  to: number | null
}

export function spanShading(spans: () => readonly XSpan[], color: () => string): Plugin {
  return {
    id: 'lwSpanShading',
    beforeDatasetsDraw(chart: Chart) {
      const { ctx, chartArea: area, scales } = chart
      const x = scales.x
      if (!x || !area) return
      ctx.save()
      ctx.fillStyle = color()
      for (const s of spans()) {
        const left = Math.max(area.left, x.getPixelForValue(s.from))
        const right = Math.min(area.right, s.to === null ? area.right : x.getPixelForValue(s.to))
        if (right > left) ctx.fillRect(left, area.top, right - left, area.bottom - area.top)
      }
      ctx.restore()
    },
  }
}
