// Chart.js with only what we draw (tree-shaken), plus shared option builders.
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartDataset,
  type ChartOptions,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js'
import type { ChartColors } from '../state/theme.svelte'
import { fmtDate, fmtShortDate } from '../lib/format'
import { type AxisBounds, timeBounds } from './scale-bounds'

let registered = false
export function registerCharts(): void {
  if (registered) return
  Chart.register(
    LineController,
    BarController,
    DoughnutController,
    LineElement,
    PointElement,
    BarElement,
    ArcElement,
    LinearScale,
    CategoryScale,
    Tooltip,
    Legend,
    Filler,
  )
  registered = true
}

export const DAY_MS = 86_400_000

/** YYYY-MM-DD → epoch ms at UTC midnight (x values of every time series). */
export const dayMs = (date: string): number => Date.parse(`${date}T00:00:00Z`)

export function seriesColor(colors: ChartColors, i: number): string {
  const base = colors.palette[i]
  // Past the palette: spread hues by the golden angle, mid lightness reads on both themes.
  return base || `hsl(${Math.round((i * 137.508) % 360)} 62% 52%)`
}

interface TimeOpts {
  colors: ChartColors
  yFormat: (v: number) => string
  /** Tick labels; defaults to yFormat. */
  yTickFormat?: (v: number) => string
  /** A second y axis on the right (pool count). */
  y2Format?: (v: number) => string
  /** The second axis from zero: the pool count, where 303 → 310 is not a crash. */
  y2FromZero?: boolean
  /** The datasets to be drawn: scale ranges and line width come from them. */
  data?: readonly ChartDataset[]
}

/** Above this many lines, 1 px lines: clearer when they cross, and far cheaper to rasterise. */
export const THIN_LINES_FROM = 12

/** `false` turns a plugin off for one chart (Chart.js's plugin docs); its option types lack it. */
const PLUGIN_OFF = false as unknown as Record<string, never>

/**
 * Line/bar over time: linear x in epoch ms, pre-parsed sorted {x, y} data, no animation — Chart.js's
 * performance guide: parsing off, normalized, no animation, straight lines (tension 0) drawn as one
 * path (spanGaps), no point dots, fixed tick rotation, and scale ranges given (from `data`).
 */
export function timeSeriesOptions({
  colors,
  yFormat,
  yTickFormat = yFormat,
  y2Format,
  y2FromZero = false,
  data = [],
}: TimeOpts): ChartOptions {
  const axis = { color: colors.muted, font: { size: 11 } }
  // Tick labels never rotate, so Chart.js need not measure them for rotation; sample a few for width.
  const flat = { minRotation: 0, maxRotation: 0, sampleSize: 4 }
  const bounds = timeBounds(data, y2FromZero ? ['y2'] : [])
  const range = (b: AxisBounds | undefined) => (b ? { min: b.min, max: b.max } : {})
  const step = (b: AxisBounds | undefined) => (b?.stepSize ? { stepSize: b.stepSize } : {})
  const lines = data.filter((d) => (d.type ?? 'line') === 'line').length
  const fills = data.some((d) => 'fill' in d && d.fill)
  const opts: ChartOptions<'line'> = {
    animation: false,
    parsing: false,
    normalized: true,
    responsive: true,
    maintainAspectRatio: false,
    spanGaps: true,
    interaction: { mode: 'index', axis: 'x', intersect: false },
    elements: {
      point: { radius: 0, hoverRadius: 3, hitRadius: 0 },
      line: { borderWidth: lines >= THIN_LINES_FROM ? 1 : 1.5, tension: 0 },
    },
    plugins: {
      // Off, not just hidden: a hidden legend still builds a label per series on every update
      // (the legend is ours, beside the chart). Filling is off unless a series fills, as its
      // plugin walks every series' meta per series (quadratic at 200 series).
      legend: PLUGIN_OFF,
      filler: fills ? {} : PLUGIN_OFF,
      tooltip: {
        callbacks: {
          title: (items) => (items[0] ? fmtDate(items[0].parsed.x ?? 0) : ''),
          label: (item) => {
            const fmt = item.dataset.yAxisID === 'y2' && y2Format ? y2Format : yFormat
            return `${item.dataset.label ?? ''}: ${fmt(item.parsed.y ?? 0)}`
          },
        },
      },
    },
    scales: {
      x: {
        type: 'linear',
        // The axis ends where the data ends, not at the next "nice" tick.
        bounds: 'data',
        ...range(bounds.x),
        grid: { color: colors.grid },
        ticks: { ...axis, ...flat, maxTicksLimit: 8, callback: (v) => fmtShortDate(Number(v)) },
      },
      y: {
        type: 'linear',
        beginAtZero: false,
        ...range(bounds.y),
        grid: { color: colors.grid },
        ticks: { ...axis, ...flat, ...step(bounds.y), callback: (v) => yTickFormat(Number(v)) },
      },
      ...(y2Format
        ? {
            y2: {
              type: 'linear' as const,
              position: 'right' as const,
              ...range(bounds.y2),
              grid: { drawOnChartArea: false },
              ticks: {
                ...axis,
                ...flat,
                ...step(bounds.y2),
                callback: (v: number | string) =>
                  (y2Format === yFormat ? yTickFormat : y2Format)(Number(v)),
              },
            },
          }
        : {}),
    },
  }
  // Chart.js types options per chart type; the generic Chart component takes the union.
  return opts as ChartOptions
}
