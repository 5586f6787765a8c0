// Where in the file a problem is: zod's path (["rules", 0, "condition"]) walked through the YAML
// document's nodes (JSON is parsed as YAML too, so both have them) to a line number.
import { isMap, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml'

/** rules[0].condition.thresholdPct; odd keys (a symbol with a dot) in brackets. */
export function pathName(path: readonly PropertyKey[]): string {
  let out = ''
  for (const step of path) {
    if (typeof step === 'number') out += `[${step}]`
    else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(String(step)))
      out += out === '' ? String(step) : `.${String(step)}`
    else out += `[${JSON.stringify(String(step))}]`
  }
  return out
}

/** The line of the deepest node of `path` that exists (the key's line for a field); null if none. */
export function lineOf(
  doc: Document,
  counter: LineCounter,
  path: readonly PropertyKey[],
): number | null {
  const at = (n: Node | null | undefined): number | null =>
    n?.range ? counter.linePos(n.range[0]).line : null
  let node: unknown = doc.contents
  let line = at(doc.contents)
  for (const step of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(step))
      if (pair === undefined) break
      line = at(pair.key as Node) ?? line
      node = pair.value
    } else if (isSeq(node) && typeof step === 'number') {
      const item = node.items[step] as Node | undefined
      if (item === undefined) break
      line = at(item) ?? line
      node = item
    } else break
  }
  return line
}

/** How deep a parsed value nests (a scalar is 0); stops counting past `limit`. */
export function depthOf(value: unknown, limit: number): number {
  let deepest = 0
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length > 0) {
    const [v, d] = stack.pop() as [unknown, number]
    if (typeof v !== 'object' || v === null) continue
    deepest = Math.max(deepest, d + 1)
    if (deepest > limit) return deepest
    for (const child of Object.values(v)) stack.push([child, d + 1])
  }
  return deepest
}

/** The deepest [ / { nesting of the text outside quoted strings, and its line (before parsing). */
export function bracketDepth(text: string, limit: number): { depth: number; line: number } {
  let depth = 0
  let line = 1
  let quote: string | null = null
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '\n') line++
    if (quote !== null) {
      if (c === '\\' && quote === '"') i++
      else if (c === quote) quote = null
    } else if (c === '"' || c === "'") quote = c
    else if (c === '[' || c === '{') {
      if (++depth > limit) return { depth, line }
    } else if ((c === ']' || c === '}') && depth > 0) depth--
  }
  return { depth, line }
}
