import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// The folders whose files may not import each other in a circle. A circle makes the order in which
// modules are evaluated depend on which file is loaded first, and it welds the files into one
// piece that cannot be understood, tested or split apart alone.
const ROOTS = ['app', 'common']

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
  const text = readFileSync(file, 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest)
  const targets: string[] = []
  for (const statement of source.statements) {
    const isImportOrExport = ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)
    const specifier = isImportOrExport ? statement.moduleSpecifier : undefined
    if (specifier && ts.isStringLiteral(specifier)) {
      const target = resolveSpecifier(file, specifier.text)
      if (target) targets.push(target)
    }
  }
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments
      if (arg && ts.isStringLiteral(arg)) {
        const target = resolveSpecifier(file, arg.text)
        if (target) targets.push(target)
      }
    }
    ts.forEachChild(node, visit)
  }
  // Walking every node is the slow part: only files that have an `import(` need it.
  if (text.includes('import(')) visit(source)
  return targets
}

/** Every circle, each named once: the strongly connected components of more than one file. */
function circles(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm.
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  let next = 0
  const visit = (node: string): void => {
    index.set(node, next)
    low.set(node, next)
    next++
    stack.push(node)
    onStack.add(node)
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(node, Math.min(low.get(node)!, low.get(target)!))
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!))
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      const selfImport = graph.get(node)?.includes(node) ?? false
      if (component.length > 1 || selfImport) found.push(component.sort())
    }
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return found
}

/** One path round a circle, to show where to cut it. */
function loopThrough(graph: Map<string, string[]>, members: string[]): string[] {
  const inside = new Set(members)
  const start = members[0]!
  const previous = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const node = queue.shift()!
    for (const target of graph.get(node) ?? []) {
      if (target === start) {
        const path = [node]
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!)
        return [...path, start]
      }
      if (inside.has(target) && !previous.has(target)) {
        previous.set(target, node)
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
