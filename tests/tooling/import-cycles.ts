// The import graph of a source tree and its cycles. Every import counts, `import type` included:
// a cycle closed by a type is still two modules that cannot be read, tested or moved one without
// the other. Only relative specifiers are followed (packages and node: modules cannot close a
// cycle through src/). Parsed with the TypeScript compiler, so comments and strings never count.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import ts from 'typescript'

const CODE = /\.(ts|mts|svelte)$/
/** What an import of `./x` can name, in the order the bundler tries them. */
const CANDIDATES = ['', '.ts', '.mts', '.d.ts', '.svelte', '/index.ts']

export interface ImportGraph {
  /** Files by path relative to the root's parent directory (e.g. `src/main/cli/main.ts`), sorted. */
  readonly edges: ReadonlyMap<string, readonly string[]>
  /** Relative specifiers that name no code file (`from` file, specifier): the check must not go blind. */
  readonly unresolved: readonly { from: string; specifier: string }[]
}

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return codeFiles(path)
    return CODE.test(entry.name) ? [path] : []
  })
}

/** A Svelte component's imports are in its <script> blocks. */
function scriptOf(path: string, text: string): string {
  if (!path.endsWith('.svelte')) return text
  const blocks = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
  return blocks.map((m) => m[1]).join('\n')
}

/** Every module specifier of a file: import/export … from, `import x = require`, import() and import('…').T. */
export function specifiersOf(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, scriptOf(path, text), ts.ScriptTarget.Latest, false)
  const found: string[] = []
  const literal = (node: ts.Node | undefined): void => {
    if (node && ts.isStringLiteralLike(node)) found.push(node.text)
  }
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) literal(node.moduleSpecifier)
    else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference)
    )
      literal(node.moduleReference.expression)
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      literal(node.argument.literal)
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      literal(node.arguments[0])
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

function resolveFrom(file: string, specifier: string): string | undefined {
  const base = join(dirname(file), specifier.replace(/\.js$/, ''))
  for (const suffix of CANDIDATES) {
    const path = base + suffix
    if (CODE.test(path) && existsSync(path) && statSync(path).isFile()) return path
  }
  return undefined
}

/** Reads every .ts and .svelte file under `root` and links each to the files it imports. */
export function importGraph(root: string): ImportGraph {
  const name = (path: string): string => relative(dirname(root), path).split(sep).join('/')
  const edges = new Map<string, string[]>()
  const unresolved: { from: string; specifier: string }[] = []
  for (const file of codeFiles(root).sort()) {
    const targets = new Set<string>()
    for (const specifier of specifiersOf(file, readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue
      const target = resolveFrom(file, specifier)
      if (target) targets.add(name(target))
      else if (!/\.(css|html|png|svg|json)(\?.*)?$/.test(specifier))
        unresolved.push({ from: name(file), specifier })
    }
    edges.set(name(file), [...targets].sort())
  }
  return { edges, unresolved }
}

/**
 * The strongly connected components of more than one file (or a file importing itself): each is
 * one knot of files that import each other round. Tarjan's algorithm, iterative so depth is free.
 */
export function knots(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const found: string[][] = []
  let next = 0
  for (const start of edges.keys()) {
    if (index.has(start)) continue
    const work: { node: string; i: number }[] = [{ node: start, i: 0 }]
    index.set(start, next)
    low.set(start, next++)
    stack.push(start)
    onStack.add(start)
    while (work.length > 0) {
      const frame = work[work.length - 1]!
      const targets = edges.get(frame.node) ?? []
      if (frame.i < targets.length) {
        const target = targets[frame.i++]!
        if (!index.has(target)) {
          index.set(target, next)
          low.set(target, next++)
          stack.push(target)
          onStack.add(target)
          work.push({ node: target, i: 0 })
        } else if (onStack.has(target))
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!))
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!))
      if (low.get(frame.node) !== index.get(frame.node)) continue
      const knot: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        knot.push(member)
      } while (member !== frame.node)
      const selfLoop = (edges.get(frame.node) ?? []).includes(frame.node)
      if (knot.length > 1 || selfLoop) found.push(knot.sort())
    }
  }
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!))
}

/** One shortest round trip through a knot, from its first file back to it: what to read to break it. */
export function shortestCycle(
  edges: ReadonlyMap<string, readonly string[]>,
  knot: readonly string[],
): string[] {
  const inKnot = new Set(knot)
  const start = knot[0]!
  const cameFrom = new Map<string, string>()
  const queue = [start]
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!
    for (const target of edges.get(node) ?? []) {
      if (!inKnot.has(target)) continue
      if (target === start) {
        const path = [node]
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!)
        return [...path, start]
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node)
        queue.push(target)
      }
    }
  }
  return [start]
}

/** A knot tolerated for now: every file of it lies under `within`. Each says who removes it. */
export interface KnownCycle {
  readonly within: string
  readonly why: string
}

export interface CycleReport {
  /** One line per knot not covered by an allowance: its files and a round trip through them. */
  readonly failures: readonly string[]
  /** Allowances that match no knot any more: delete them. */
  readonly stale: readonly KnownCycle[]
}

export function checkCycles(root: string, known: readonly KnownCycle[] = []): CycleReport {
  const { edges } = importGraph(root)
  const used = new Set<KnownCycle>()
  const failures: string[] = []
  for (const knot of knots(edges)) {
    const allowance = known.find((k) => knot.every((file) => file.startsWith(k.within)))
    if (allowance) {
      used.add(allowance)
      continue
    }
    const trip = shortestCycle(edges, knot).join(' → ')
    failures.push(
      `${knot.length} files import each other round: ${knot.join(', ')}\n  e.g. ${trip}`,
    )
  }
  return { failures, stale: known.filter((k) => !used.has(k)) }
}

/**
 * A seam-type module (a file named model.ts) stays at the bottom: it imports only types, and only
 * from src/shared or another model.ts. One line per import that breaks this. `others` are files
 * named model.ts that are not seam-type modules.
 */
export function modelImportFaults(root: string, others: readonly string[] = []): string[] {
  const { edges } = importGraph(root)
  const faults: string[] = []
  for (const [file, targets] of edges) {
    if (!file.endsWith('/model.ts') || others.includes(file)) continue
    for (const t of targets)
      if (!t.startsWith('src/shared/') && !t.endsWith('/model.ts'))
        faults.push(`${file} imports ${t}, which is neither src/shared nor a model.ts`)
    const path = join(dirname(root), file)
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest)
    for (const s of source.statements) {
      const line = s.getText(source).split('\n')[0]
      if (ts.isImportDeclaration(s)) {
        if (!importsOnlyTypes(s)) faults.push(`${file} imports a value: ${line}`)
      } else if (!declaresOnlyTypes(s)) faults.push(`${file} holds a value: ${line}`)
    }
  }
  return faults
}

function declaresOnlyTypes(s: ts.Statement): boolean {
  if (ts.isExportDeclaration(s)) return s.isTypeOnly
  return ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s)
}

function importsOnlyTypes(s: ts.ImportDeclaration): boolean {
  const clause = s.importClause
  if (!clause) return false // a side-effect import runs code
  if (clause.isTypeOnly) return true
  if (clause.name) return false
  const named = clause.namedBindings
  return (
    named !== undefined && ts.isNamedImports(named) && named.elements.every((e) => e.isTypeOnly)
  )
}
