/**
 * The page files the server serves, changeable while it runs (issue 22, "Live files"). Every route of the
 * lowcode module reads them from here, so a page file that changes takes effect on the next request:
 * - a change that passes the shared check (check-page-files.ts) replaces the served version at once, and a new
 *   file's route is served;
 * - a change that fails it takes no effect: the last good version is still served, with the failed check kept
 *   beside it (`rejected`) so the open page shows the problems in place until the file is fixed; a file that
 *   never had a good version is served with its problems (its error panel), as at start;
 * - a removed file is no longer served.
 * `reloadPageFile(path)` applies one file (the watcher calls it; so may a designer that saves a page file).
 */
import { existsSync, readFileSync } from 'node:fs'
import type { SchemaIssue } from '../../../renderer/schema/issue.ts'
import {
  checkServedPage,
  findPageFiles,
  pageFilePath,
  shownPath,
  withRouteClashes,
  type PageReferences,
  type ServedPage,
} from './load-pages.ts'

/** What one applied change did; sent to the open browsers and logged. */
export interface PageChange {
  file: string
  /** The route now served for the file ('' when it has none); `previousRoute` when the change moved it. */
  route: string
  previousRoute?: string
  /** The store's version after the change (browsers compare it with the version they show). */
  version: number
  /** 'applied': the new text is served; 'rejected': it failed the check, the last good version stays; 'removed'. */
  outcome: 'applied' | 'rejected' | 'removed' | 'unchanged'
  /** The errors of the new text (rejected, or applied without a good version to keep). */
  issues: SchemaIssue[]
}

const errorsOf = (issues: readonly SchemaIssue[] | undefined) =>
  (issues ?? []).filter((issue) => issue.severity === 'error')
/** The browser names files without a leading `./` or `/`: compare them that way. */
export const fileKey = (file: string) => file.replace(/^\.?\//, '')

export class LivePages {
  /** Bumped by every change; the served pages carry the version of their last change. */
  version = 0
  /** Settles once the menu entries and grants of the changes so far are in the database (index.ts). */
  database: Promise<void> = Promise.resolve()
  /** Whether the directory is watched (config.liveSchemas); messages say whether a restart is needed. */
  watching = false
  private indexed = -1
  private files = new Map<string, ServedPage>()
  private routes = new Map<string, ServedPage>()
  private listeners = new Set<(change: PageChange) => void>()

  /**
   * @param pages the pages read at start; this array is kept and changed in place, so code holding it (the
   *   ui-customize units) sees the current files
   * @param refs what a page is checked against (the server's models and value sets)
   * @param dir the pages directory (for a full rescan)
   */
  constructor(
    readonly pages: ServedPage[],
    /** What pages are checked against; its model map follows the live model files (live-model-files.ts). */
    readonly refs: PageReferences,
    readonly dir: string,
  ) {}

  private index() {
    if (this.indexed === this.version) return
    this.files = new Map(this.pages.map((page) => [fileKey(page.file), page]))
    // The first file declaring a route answers it; when two do, both carry the clash as an error.
    this.routes = new Map()
    for (const page of this.pages)
      if (page.route && !this.routes.has(page.route)) this.routes.set(page.route, page)
    this.indexed = this.version
  }

  byFile(file: string): ServedPage | undefined {
    this.index()
    return this.files.get(fileKey(file))
  }

  byRoute(route: string): ServedPage | undefined {
    this.index()
    return this.routes.get(route)
  }

  /** Hears every applied change (after it is served); answers the function that stops listening. */
  onChange(listener: (change: PageChange) => void): () => void {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  /** Re-reads one page file (absent: removed) and applies it; see the module comment. */
  reloadPageFile(path: string): PageChange {
    const source = existsSync(path) ? readFileSync(path, 'utf8') : undefined
    return this.apply(path, source)
  }

  /**
   * Checks again every page served with errors (after the models changed: a page on a model that now exists,
   * or whose model was fixed, is served without its error panel).
   */
  recheck(): PageChange[] {
    return this.pages
      .filter((page) => errorsOf(page.ownIssues ?? page.issues).length || page.rejected)
      .map((page) => pageFilePath(page.file, this.dir))
      .filter((path): path is string => !!path && existsSync(path))
      .map((path) => this.apply(path, readFileSync(path, 'utf8'), true))
  }

  /** Re-reads every page file of the directory (after a rename of a folder, when the watcher names none). */
  rescan(): PageChange[] {
    const paths = findPageFiles(this.dir)
    const present = new Set(paths.map((path) => fileKey(shownPath(path, this.dir))))
    const changes = paths.flatMap((path) => {
      const before = this.byFile(shownPath(path, this.dir))
      const source = readFileSync(path, 'utf8')
      return before && (before.rejected?.source ?? before.source) === source ? [] : [this.apply(path, source)]
    })
    for (const page of [...this.pages])
      if (!present.has(fileKey(page.file)))
        changes.push(this.apply(pageFilePath(page.file, this.dir) ?? page.file, undefined))
    return changes
  }

  /** Applies the text `source` of the page file at `path` (undefined: the file was removed). */
  apply(path: string, source: string | undefined, recheck = false): PageChange {
    const file = shownPath(path, this.dir)
    const before = this.byFile(file)
    if (source === undefined) {
      if (!before)
        return this.settle({ file, route: '', version: this.version, outcome: 'unchanged', issues: [] })
      this.pages.splice(this.pages.indexOf(before), 1)
      return this.changed({ file, route: '', previousRoute: before.route, outcome: 'removed', issues: [] })
    }
    if (before && before.source === source && !before.rejected && !recheck)
      return this.settle({
        file,
        route: before.route,
        version: this.version,
        outcome: 'unchanged',
        issues: [],
      })

    const checked = checkServedPage(path, source, this.refs, this.dir)
    const others = this.pages.filter((page) => page !== before)
    const problems = errorsOf(withRouteClashes([checked, ...others])[0]?.issues)
    const goodBefore = before && !errorsOf(before.ownIssues ?? before.issues).length
    if (problems.length && before && goodBefore) {
      before.rejected = { source, issues: problems, version: this.version + 1 }
      withRouteClashes(this.pages)
      return this.changed({ file, route: before.route, outcome: 'rejected', issues: problems })
    }
    checked.version = this.version + 1
    if (before) this.pages[this.pages.indexOf(before)] = checked
    else this.pages.push(checked)
    withRouteClashes(this.pages)
    return this.changed({
      file,
      route: checked.route,
      ...(before && before.route !== checked.route ? { previousRoute: before.route } : {}),
      outcome: 'applied',
      issues: problems,
    })
  }

  private changed(change: Omit<PageChange, 'version'>): PageChange {
    this.version += 1
    return this.settle({ ...change, version: this.version })
  }

  private settle(change: PageChange): PageChange {
    if (change.outcome !== 'unchanged') for (const listener of this.listeners) listener(change)
    return change
  }
}
