import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// The folders whose files may not import each other in a circle. A circle makes the order in which
// modules are evaluated depend on which file is loaded first, and it welds the files into one
// piece that cannot be understood, tested or split apart alone.
const ROOTS = ['app', 'common', 'server']

const repo = resolve(import.meta.dirname, '../..')
const aliases = (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as PackageJson)
  .imports

interface PackageJson {
  imports: Record<string, string>
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : []
  })
}

/** The file a specifier names, or null when it leaves the repository's code (a package, a JSON). */
function resolveSpecifier(from: string, specifier: string): string | null {
  let base: string | null = null
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier)
  for (const [pattern, target] of Object.entries(aliases)) {
    const prefix = pattern.replace(/\*$/, '')
    if (specifier.startsWith(prefix)) {
      base = resolve(repo, target.replace(/\*$/, ''), specifier.slice(prefix.length))
    }
  }
  if (base === null) return null
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) {
      return candidate
    }
  }
  return null
}

/**
 * The files a file depends on: its imports and `export ... from`, and the targets of its dynamic
 * `import()`s (a lazily loaded dialog or game is still code the importer names). `import type` is
 * counted too, although it vanishes at run time and so cannot break the order in which modules
 * are evaluated: the circles to break were type circles (components reading the root loader's
 * type from the root route that renders them, games reading their props from the registry that
 * lists them), and such a circle still makes the files one piece for a reader and the type checker.
 */
function dependencies(file: string): string[] {
  // TypeScript's import scanner reads the specifiers without building a syntax tree.
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
  return importedFiles.flatMap(({ fileName }) => resolveSpecifier(file, fileName) ?? [])
}

/** Every circle, each named once: the strongly connected components of more than one file. */
function circles(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm.
  const marks = new Map<string, { index: number; low: number }>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (node: string): { index: number; low: number } => {
    const mark = { index: marks.size, low: marks.size }
    marks.set(node, mark)
    stack.push(node)
    onStack.add(node)
    for (const target of graph.get(node) ?? []) {
      const known = marks.get(target)
      if (!known) mark.low = Math.min(mark.low, visit(target).low)
      else if (onStack.has(target)) mark.low = Math.min(mark.low, known.index)
    }
    if (mark.low === mark.index) {
      const component = stack.splice(stack.indexOf(node))
      for (const member of component) onStack.delete(member)
      const importsItself = graph.get(node)?.includes(node) ?? false
      if (component.length > 1 || importsItself) found.push(component.sort())
    }
    return mark
  }
  for (const node of graph.keys()) if (!marks.has(node)) visit(node)
  return found
}

/** One shortest path round a circle, to show where to cut it. */
function loopThrough(graph: Map<string, string[]>, members: string[]): string[] {
  const [start] = members
  if (start === undefined) return []
  const inside = new Set(members)
  const pathTo = new Map([[start, [start]]])
  const queue = [start]
  for (const node of queue) {
    const path = pathTo.get(node) ?? []
    for (const target of graph.get(node) ?? []) {
      if (target === start) return [...path, start]
      if (inside.has(target) && !pathTo.has(target)) {
        pathTo.set(target, [...path, target])
        queue.push(target)
      }
    }
  }
  return [start]
}

describe('import circles', () => {
  it(`none among the files of ${ROOTS.join(', ')}`, () => {
    const graph = new Map<string, string[]>()
    const files = ROOTS.flatMap((root) => sourceFiles(join(repo, root)))
    const inRoots = new Set(files)
    for (const file of files) {
      graph.set(
        file,
        dependencies(file).filter((target) => inRoots.has(target)),
      )
    }
    const name = (file: string) => relative(repo, file)
    const report = circles(graph).map(
      (members) =>
        `${members.length} files: ${members.map(name).join(', ')}\n  e.g. ${loopThrough(graph, members).map(name).join(' -> ')}`,
    )
    expect(report).toEqual([])
  })
})
