// The one home of the number rules: signed percents, shares, money and counts, for every surface.
// The rules, once:
// - a percent (a change, a share) has exactly one decimal, so "8.0" stands beside "8.3";
// - a sign is written only when the figure moved: "+2.0 %", "−30.1 %", and a figure that rounds to
//   zero is "0.0 %" from either side (a sign, or "±", which reads as a tolerance, would say it moved);
// - the minus is a true minus "−" (U+2212), in every locale;
// - money is US dollars (TVL and volume are reported in them), compact, trailing zeros dropped:
//   "$1.23M", "$850K".
// A surface only chooses its style: the alert wording (the desktop notification, the Alerts
// history, the CLI table and `check --json`'s messages) is en-US with a space before "%", so one
// event reads the same on each and on every machine; the renderer's tables and charts are in the
// user's locale as Intl writes it ("+1.5%"; de-DE "+1,5 %").

/** How a surface writes numbers. */
export interface NumberStyle {
  /** A BCP 47 tag; undefined: the user's locale. */
  readonly locale: string | undefined
  /** "12.3 %" rather than the locale's "12.3%": the wording's sentences space their units. */
  readonly spacedPercent: boolean
  /** Most decimals of compact money: a sentence names the figure, a table cell is narrow. */
  readonly moneyDigits: number
}

/** Alert wording: notifications, Alerts history, the CLI table and --json read the same. */
export const WORDING_STYLE: NumberStyle = { locale: 'en-US', spacedPercent: true, moneyDigits: 2 }

/** The renderer's tables and charts, in `locale` (undefined: the user's). */
export const tableStyle = (locale?: string): NumberStyle => ({
  locale,
  spacedPercent: false,
  moneyDigits: 1,
})

/** Number formatters of one style; percents are given in percent points (12.3 means 12.3 %). */
export interface NumberFormat {
  /** The size of a percent, unsigned (the wording says the direction): −12.345 → "12.3 %". */
  pct(points: number): string
  /** 2 → "+2.0 %", −30.06 → "−30.1 %", a value that rounds to zero → "0.0 %". */
  signedPct(points: number): string
  /** A part of a whole, 83.04 → "83.0 %" (a minus only if it is below zero). */
  share(points: number): string
  /** A percent axis tick on a round figure, up to 1 decimal: 20 → "20%" (en-US table). */
  pctTick(points: number): string
  /** A fee tier, a fraction of one (0.0005 → "0.05%" in en-US): up to 3 decimals of a percent. */
  fee(fraction: number): string
  /** 1234567 → "$1.23M" (`moneyDigits` decimals at most). */
  money(v: number): string
  /** A change in dollars, −250000 → "−$250K", 1234567 → "+$1.23M" (`plus` false: no "+"). */
  signedMoney(v: number, plus?: boolean): string
  /** An axis tick needs more digits than a cell: $1.45B beside $1.5B. */
  moneyAxis(v: number): string
  /** Whole dollars, "$1,234,567" (the figure behind a compact one). */
  moneyFull(v: number): string
  /** A price, cents shown: "$187.20". */
  price(v: number): string
  /** A count, "1,234". */
  int(v: number): string
  /** A plain figure, up to 2 decimals: "1,234.57". */
  num(v: number): string
}

const MINUS = '\u2212'
const PCT_DIGITS = 1
const USD = { style: 'currency', currency: 'USD' } as const

// Made on first use: the first Intl formatter of a process loads ICU data (tens of ms), which
// should not hold up the renderer's start-up (see warmFormatters in renderer lib/format.ts).
function lazy(
  locale: string | undefined,
  options: Intl.NumberFormatOptions,
): () => Intl.NumberFormat {
  let value: Intl.NumberFormat | undefined
  return () => (value ??= new Intl.NumberFormat(locale, options))
}

function make(style: NumberStyle): NumberFormat {
  const { locale } = style
  const pctOf = (signDisplay: Intl.NumberFormatOptions['signDisplay']): (() => Intl.NumberFormat) =>
    lazy(locale, {
      style: 'percent',
      minimumFractionDigits: PCT_DIGITS,
      maximumFractionDigits: PCT_DIGITS,
      signDisplay,
    })
  const compactOf = (
    signDisplay: Intl.NumberFormatOptions['signDisplay'],
  ): (() => Intl.NumberFormat) =>
    lazy(locale, {
      ...USD,
      notation: 'compact',
      minimumFractionDigits: 0,
      maximumFractionDigits: style.moneyDigits,
      signDisplay,
    })
  const magnitude = pctOf('never')
  const signed = pctOf('exceptZero')
  const share = pctOf('negative')
  const tick = lazy(locale, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'negative' })
  const fee = lazy(locale, { style: 'percent', maximumFractionDigits: 3, signDisplay: 'negative' })
  const money = compactOf('negative')
  const moneySigned = compactOf('exceptZero')
  const moneyAxis = lazy(locale, {
    ...USD,
    notation: 'compact',
    maximumSignificantDigits: 3,
    signDisplay: 'negative',
  })
  const moneyFull = lazy(locale, { ...USD, maximumFractionDigits: 0, signDisplay: 'negative' })
  const price = lazy(locale, { ...USD, minimumFractionDigits: 2, signDisplay: 'negative' })
  const int = lazy(locale, { maximumFractionDigits: 0, signDisplay: 'negative' })
  const num = lazy(locale, { maximumFractionDigits: 2, signDisplay: 'negative' })

  // Intl writes the locale's minus (a hyphen in most) and no space before "%" in en-US.
  const out = (s: string): string => {
    const minus = s.replace(/-/g, MINUS)
    return style.spacedPercent ? minus.replace(/(\d)%/, '$1 %') : minus
  }
  return {
    pct: (v) => out(magnitude().format(v / 100)),
    signedPct: (v) => out(signed().format(v / 100)),
    share: (v) => out(share().format(v / 100)),
    pctTick: (v) => out(tick().format(v / 100)),
    fee: (v) => out(fee().format(v)),
    money: (v) => out(money().format(v)),
    signedMoney: (v, plus = true) => out((plus ? moneySigned() : money()).format(v)),
    moneyAxis: (v) => out(moneyAxis().format(v)),
    moneyFull: (v) => out(moneyFull().format(v)),
    price: (v) => out(price().format(v)),
    int: (v) => out(int().format(v)),
    num: (v) => out(num().format(v)),
  }
}

const made = new Map<string, NumberFormat>()

/** The formatters of `style`, made once per style. */
export function numberFormat(style: NumberStyle): NumberFormat {
  const key = `${style.locale ?? ''}|${style.spacedPercent}|${style.moneyDigits}`
  let f = made.get(key)
  if (!f) made.set(key, (f = make(style)))
  return f
}

// The alert wording's figures, as its modules import them.
const wording = numberFormat(WORDING_STYLE)

/** 12.345 → "12.3 %"; the sign is left to the wording ("down 12.3 %"). */
export const formatPct = (v: number): string => wording.pct(v)

/** 2 → "+2.0 %", −30.06 → "−30.1 %" (a true minus sign), a value that rounds to zero → "0.0 %". */
export const formatSignedPct = (v: number): string => wording.signedPct(v)

/** 1234567 → "$1.23M". */
export const formatMoney = (v: number): string => wording.money(v)

/** A change in dollars, −250000 → "−$250K", 1234567 → "+$1.23M" (`plus` false: no "+"). */
export const formatSignedMoney = (v: number, plus = true): string => wording.signedMoney(v, plus)

/** A part's share of TVL in percent: 83.04 → "83.0 % share". */
export const formatShare = (v: number): string => `${wording.share(v)} share`
