// The look of the issuer and network split charts: shares stacked to 100 % in horizontal bars, or
// a doughnut of TVL. One definition, so both splits read alike.
import type { ChartOptions } from 'chart.js'
import { fmtPctTick, fmtShare } from '../../lib/format'
import type { ChartColors } from '../../state/theme.svelte'

export type SplitMode = 'bar' | 'doughnut'

export function splitChartOptions(mode: SplitMode, c: ChartColors): ChartOptions {
  const legend = {
    position: 'bottom' as const,
    labels: { color: c.text, boxWidth: 12, font: { size: 11 } },
  }
  if (mode === 'doughnut')
    return { animation: false, responsive: true, maintainAspectRatio: false, plugins: { legend } }
  const ticks = { color: c.muted, font: { size: 11 } }
  return {
    animation: false,
    responsive: true,
    maintainAspectRatio: false,
    indexAxis: 'y',
    plugins: {
      legend,
      tooltip: {
        callbacks: { label: (it) => `${it.dataset.label}: ${fmtShare(Number(it.raw) / 100)}` },
      },
    },
    scales: {
      x: {
        stacked: true,
        max: 100,
        grid: { color: c.grid },
        ticks: { ...ticks, callback: (v) => fmtPctTick(Number(v)) },
      },
      y: { stacked: true, grid: { display: false }, ticks },
    },
  } as ChartOptions
}
