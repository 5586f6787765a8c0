// No import cycles in src/, `import type` included (docs/ARCHITECTURE.md "Guard rails"): seam types
// live in type-only modules below the code that uses them, and a module imports downward only.
// The probes below write small trees to a temporary directory and show the check catches each
// way a cycle can close, and stays quiet where there is none.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { checkCycles, importGraph, modelImportFaults, type KnownCycle } from './import-cycles'

/**
 * Knots tolerated until their owner removes them. Empty it as they go: an allowance that matches no
 * knot any more fails the check below, so none outlives its cycle.
 */
const KNOWN_CYCLES: readonly KnownCycle[] = []

/** Files named model.ts that are not seam-type modules. */
const OTHER_MODELS = [
  // The local service's generated market data (a class with behaviour), not the app's seam types.
  'src/main/service/model.ts',
]

describe('import cycles in src/', () => {
  const report = checkCycles('src', KNOWN_CYCLES)

  it('src/ has no import cycle, type-only imports included', () => {
    expect(report.failures.join('\n')).toBe('')
  })

  it('every known-cycle allowance still matches a cycle (delete the ones that do not)', () => {
    expect(report.stale).toEqual([])
  })

  it('every relative import in src/ names a file the check reads', () => {
    expect(importGraph('src').unresolved).toEqual([])
  })

  it('a seam-type module (model.ts) holds only types and imports only src/shared and other models', () => {
    expect(modelImportFaults('src', OTHER_MODELS)).toEqual([])
  })
})

describe('the cycle check (probes)', () => {
  let root = ''
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  function tree(files: Record<string, string>): string {
    root = join(mkdtempSync(join(tmpdir(), 'cycles-')), 'src')
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), text)
    }
    return root
  }

  it('catches a two-file cycle closed by an `import type`, and names the round trip', () => {
    const { failures } = checkCycles(
      tree({
        'a/measure.ts': "import { notify } from '../b/notify'\nexport type M = number\n",
        'b/notify.ts': "import type { M } from '../a/measure'\nexport const notify = (m: M) => m\n",
      }),
    )
    expect(failures).toHaveLength(1)
    expect(failures[0]).toContain('src/a/measure.ts → src/b/notify.ts → src/a/measure.ts')
  })

  it.each([
    ['export … from', "export { b } from './b'", "export * from './a'"],
    ['an inline type import', "import { type B } from './b'", "import { a } from './a.js'"],
    ["a type query import('…')", "export type T = import('./b').B", "import './a'"],
    ['a dynamic import()', "export const load = () => import('./b')", "import type {} from './a'"],
  ])('catches a cycle through %s', (_how, a, b) => {
    expect(checkCycles(tree({ 'a.ts': a, 'b.ts': b })).failures).toHaveLength(1)
  })

  it('catches a cycle through a Svelte component and a .svelte.ts module', () => {
    const files = {
      'View.svelte': '<script lang="ts">\n  import { store } from \'./state.svelte\'\n</script>\n',
      'state.svelte.ts': "import type View from './View.svelte'\nexport const store = 1\n",
    }
    expect(checkCycles(tree(files)).failures).toHaveLength(1)
  })

  it('catches a file that imports itself, and a long cycle as one knot', () => {
    const files = {
      'self.ts': "import type { X } from './self'\nexport type X = 1\n",
      'x/one.ts': "import '../y/two'",
      'y/two.ts': "import '../z/three'",
      'z/three.ts': "import '../x/one'",
    }
    const { failures } = checkCycles(tree(files))
    expect(failures).toHaveLength(2)
    expect(failures.join('\n')).toContain('3 files import each other round')
  })

  it('stays quiet on a layered tree, and on imports in comments and strings', () => {
    const files = {
      'model.ts': "import type { S } from './shared'\nexport type M = S\n",
      'shared.ts': 'export type S = string\n',
      'use.ts':
        "// import './top'\nimport type { M } from './model'\nexport const s = \"import './top'\"\n",
      'top.ts': "import { s } from './use'\nimport type { M } from './model'\n",
    }
    expect(checkCycles(tree(files))).toEqual({ failures: [], stale: [] })
  })

  it('tolerates a known cycle only inside its folder, and reports an allowance that matches nothing', () => {
    const known = [
      { within: 'src/service/', why: 'probe' },
      { within: 'src/gone/', why: 'probe' },
    ]
    const files = {
      'service/a.ts': "import './b'",
      'service/b.ts': "import './a'",
      'engine/c.ts': "import '../service/d'",
      'service/d.ts': "import '../engine/c'",
    }
    const report = checkCycles(tree(files), known)
    expect(report.failures).toHaveLength(1)
    expect(report.failures[0]).toContain('src/engine/c.ts')
    expect(report.stale).toEqual([known[1]])
  })

  it('reports a relative import that names no file, so the check never goes blind', () => {
    expect(
      importGraph(tree({ 'a.ts': "import './missing'\nimport './look.css'" })).unresolved,
    ).toEqual([{ from: 'src/a.ts', specifier: './missing' }])
  })

  it('refuses a model.ts that imports upward, imports a value or holds one', () => {
    const files = {
      'shared/kinds.ts': "export const KINDS = ['a'] as const\nexport type Kind = 'a'\n",
      'engine/base/model.ts': 'export type Base = { at: string }\n',
      'engine/alerts/measure.ts': 'export type M = number\n',
      'engine/alerts/model.ts': [
        "import type { Kind } from '../../shared/kinds'",
        "import type { Base } from '../base/model'",
        "import type { M } from './measure'",
        "import { KINDS } from '../../shared/kinds'",
        'export const LIMIT = 3',
        'export interface Record extends Base { kind: Kind; m: M; n: (typeof KINDS)[number] }',
      ].join('\n'),
    }
    const faults = modelImportFaults(tree(files))
    expect(faults).toEqual([
      'src/engine/alerts/model.ts imports src/engine/alerts/measure.ts, which is neither src/shared nor a model.ts',
      "src/engine/alerts/model.ts imports a value: import { KINDS } from '../../shared/kinds'",
      'src/engine/alerts/model.ts holds a value: export const LIMIT = 3',
    ])
  })
})
