// Stateless seeded randomness: every value is a pure function of (seed, integer), so the demo data
// is identical across restarts and across instances without storing anything.

/** FNV-1a over the joined parts: a stable 32-bit seed for a name like "TSLA|Backed|ethereum". */
export function seedOf(...parts: (string | number)[]): number {
  const s = parts.join('|')
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** murmur3's finaliser: good avalanche for consecutive integers. */
function fmix(h: number): number {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

export function hash32(seed: number, n: number): number {
  return fmix((seed ^ fmix(n | 0)) + 0x9e3779b9)
}

/** Uniform in [0, 1). */
export function unit(seed: number, n = 0): number {
  return hash32(seed, n) / 4294967296
}

/** Uniform in [-1, 1). */
export function signed(seed: number, n = 0): number {
  return unit(seed, n) * 2 - 1
}

/**
 * Smooth 1-D value noise in [-1, 1]: random knots at integer x, smoothstep between them.
 * Continuous in x, which is what makes intraday values drift instead of jumping.
 */
export function valueNoise(seed: number, x: number): number {
  const i = Math.floor(x)
  const f = x - i
  const s = f * f * (3 - 2 * f)
  const a = signed(seed, i)
  const b = signed(seed, i + 1)
  return a + (b - a) * s
}

/** Sum of octaves [periodDays, amplitude] of value noise at time t (days). */
export function octaves(
  seed: number,
  t: number,
  spec: readonly (readonly [number, number])[],
): number {
  let v = 0
  for (let k = 0; k < spec.length; k++) {
    const [period, amp] = spec[k] as readonly [number, number]
    v += amp * valueNoise(seed + k * 0x632be5ab, t / period)
  }
  return v
}

/** Deterministic hex string of `len` characters. */
export function hex(seed: number, len: number): string {
  let out = ''
  for (let i = 0; out.length < len; i++) out += hash32(seed, i).toString(16).padStart(8, '0')
  return out.slice(0, len)
}

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
/** Deterministic base58 string (Solana-style addresses). */
export function base58(seed: number, len: number): string {
  let out = ''
  for (let i = 0; i < len; i++) out += B58[hash32(seed, i) % B58.length]
  return out
}
