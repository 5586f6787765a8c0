// Whether the market of an asset's underlying was open at an instant: the asset view's label, the
// notifications ("… while the US market was closed (weekend)") and `check`'s rows all ask here.
// Wall-clock time in New York comes from Intl's time zones (daylight saving included, no rules of
// our own). Sessions:
// - US equities (asset type "stock"): the NYSE regular session 09:30–16:00 New York time, 13:00 on
//   early-close days; pre-market from 04:00, after hours until 20:00 (17:00 after an early close),
//   as NYSE Arca's extended sessions; weekends and the NYSE holidays (nyse-calendar.ts) closed.
// - Commodities with a CME Globex contract (metals: gold, silver, platinum, palladium, copper;
//   energy: crude oil): Sunday 18:00 to Friday 17:00 New York time with a daily break 17:00–18:00
//   (CME Group, "Trading Hours" of COMEX/NYMEX futures on Globex). CME's holiday schedules are not
//   modelled: on a US exchange holiday the hours are said to be unknown, not guessed.
// Anything else: "market hours unknown".
import { NYSE_EARLY_CLOSES, NYSE_FIRST_YEAR, NYSE_HOLIDAYS, NYSE_LAST_YEAR } from './nyse-calendar'

export const MARKET_KINDS = ['us-equities', 'cme-metals', 'cme-energy'] as const
export type MarketKind = (typeof MARKET_KINDS)[number]
export const MARKET_PHASES = ['open', 'pre-market', 'after-hours', 'closed', 'unknown'] as const
export type MarketPhase = (typeof MARKET_PHASES)[number]
export const CLOSED_REASONS = ['weekend', 'holiday', 'overnight', 'daily-break'] as const
export type ClosedReason = (typeof CLOSED_REASONS)[number]

export interface MarketSession {
  /** Whose session applies; null when the asset's market is not known. */
  market: MarketKind | null
  phase: MarketPhase
  /** Why it is closed (phase 'closed'), or why the hours are unknown on a holiday; else null. */
  reason: ClosedReason | null
  /** The holiday's name when reason is 'holiday'. */
  holiday: string | null
  /** The regular session ends at 13:00 that day, and why ("day after Thanksgiving"); else null. */
  earlyClose: string | null
  /** In words: "US market closed (holiday: Thanksgiving)". */
  label: string
}

/** The asset as the data names it. */
export interface MarketAsset {
  symbol: string
  assetType: string | null
}

const MARKET_NAME: Record<MarketKind, string> = {
  'us-equities': 'US market',
  'cme-metals': 'CME metals market',
  'cme-energy': 'CME energy market',
}

const CME_METALS = new Set(['GOLD', 'SILVER', 'PLATINUM', 'PALLADIUM', 'COPPER'])
const CME_ENERGY = new Set(['OIL', 'WTI', 'CRUDE'])

export function marketOf(asset: MarketAsset): MarketKind | null {
  if (asset.assetType === 'stock') return 'us-equities'
  if (asset.assetType !== 'commodity') return null
  const symbol = asset.symbol.toUpperCase()
  if (CME_METALS.has(symbol)) return 'cme-metals'
  if (CME_ENERGY.has(symbol)) return 'cme-energy'
  return null
}

interface NewYorkTime {
  date: string
  year: number
  /** 0 Sunday … 6 Saturday */
  weekday: number
  minute: number
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
let newYork: Intl.DateTimeFormat | null = null

/** The New York wall clock at an instant (Intl knows the zone's daylight saving). */
export function newYorkTime(at: Date): NewYorkTime {
  newYork ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  const p = Object.fromEntries(newYork.formatToParts(at).map((x) => [x.type, x.value]))
  const year = Number(p['year'])
  return {
    date: `${p['year']}-${p['month']}-${p['day']}`,
    year,
    weekday: WEEKDAYS.indexOf(p['weekday'] ?? ''),
    minute: Number(p['hour']) * 60 + Number(p['minute']),
  }
}

const hm = (h: number, m = 0): number => h * 60 + m

function session(
  market: MarketKind | null,
  phase: MarketPhase,
  label: string,
  extra: Partial<Pick<MarketSession, 'reason' | 'holiday' | 'earlyClose'>> = {},
): MarketSession {
  return { market, phase, reason: null, holiday: null, earlyClose: null, label, ...extra }
}

function closed(market: MarketKind, reason: ClosedReason, holiday: string | null = null) {
  const why = reason === 'holiday' ? `holiday: ${holiday}` : reason.replace('-', ' ')
  return session(market, 'closed', `${MARKET_NAME[market]} closed (${why})`, { reason, holiday })
}

function usEquities(at: Date): MarketSession {
  const t = newYorkTime(at)
  const name = MARKET_NAME['us-equities']
  if (t.weekday === 0 || t.weekday === 6) return closed('us-equities', 'weekend')
  if (t.year < NYSE_FIRST_YEAR || t.year > NYSE_LAST_YEAR)
    return session(
      'us-equities',
      'unknown',
      `${name} hours unknown (no NYSE holiday calendar for ${t.year})`,
    )
  const holiday = NYSE_HOLIDAYS[t.date]
  if (holiday !== undefined) return closed('us-equities', 'holiday', holiday)
  const early = NYSE_EARLY_CLOSES[t.date] ?? null
  const close = early === null ? hm(16) : hm(13)
  const m = t.minute
  if (m >= hm(9, 30) && m < close) {
    const label = early === null ? `${name} open` : `${name} open (closes 13:00, ${early})`
    return session('us-equities', 'open', label, { earlyClose: early })
  }
  if (m >= hm(4) && m < hm(9, 30))
    return session('us-equities', 'pre-market', `${name} pre-market`, { earlyClose: early })
  if (m >= close && m < close + hm(4))
    return session('us-equities', 'after-hours', `${name} after hours`, { earlyClose: early })
  return closed('us-equities', 'overnight')
}

function cmeGlobex(market: MarketKind, at: Date): MarketSession {
  const t = newYorkTime(at)
  const name = MARKET_NAME[market]
  const holiday = NYSE_HOLIDAYS[t.date]
  if (holiday !== undefined && t.weekday !== 0 && t.weekday !== 6)
    return session(market, 'unknown', `${name} hours not known (holiday: ${holiday})`, {
      reason: 'holiday',
      holiday,
    })
  const m = t.minute
  if (t.weekday === 6) return closed(market, 'weekend')
  if (t.weekday === 0)
    return m >= hm(18) ? session(market, 'open', `${name} open`) : closed(market, 'weekend')
  if (m >= hm(17) && t.weekday === 5) return closed(market, 'weekend')
  if (m >= hm(17) && m < hm(18)) return closed(market, 'daily-break')
  return session(market, 'open', `${name} open`)
}

export function marketSession(asset: MarketAsset, at: Date): MarketSession {
  const market = marketOf(asset)
  if (market === 'us-equities') return usEquities(at)
  if (market !== null) return cmeGlobex(market, at)
  return session(null, 'unknown', 'market hours unknown')
}

const PHASE_WORDS: Record<Exclude<MarketPhase, 'closed' | 'unknown'>, string> = {
  open: 'open',
  'pre-market': 'in pre-market trading',
  'after-hours': 'in after-hours trading',
}

/** For a notification: "while the US market was closed (weekend)"; "market hours unknown". */
export function whileMarket(s: MarketSession): string {
  if (s.market === null) return 'market hours unknown'
  if (s.phase === 'unknown') return s.label
  const name = MARKET_NAME[s.market]
  if (s.phase === 'closed') return `while the ${name} was ${s.label.slice(name.length + 1)}`
  return `while the ${name} was ${PHASE_WORDS[s.phase]}`
}

/** The session at the time of a row's data (when we fetched it); null without data. */
export function sessionOfData(
  row: MarketAsset & { fetchedAt: string | null },
): MarketSession | null {
  return row.fetchedAt === null ? null : marketSession(row, new Date(row.fetchedAt))
}
