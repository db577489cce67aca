/** One problem in one model file, located by JSON pointer (and line:column when known). */
export interface ModelProblem {
  file: string
  pointer: string
  line?: number
  column?: number
  message: string
  fix: string
}

export function formatProblem(problem: ModelProblem): string {
  const where = problem.line ? `${problem.file}:${problem.line}:${problem.column ?? 1}` : problem.file
  return `${where} ${problem.pointer || '/'}: ${problem.message} — ${problem.fix}`
}

/** Thrown when schemas/models holds a bad model: the server refuses to start and prints every problem. */
export class ModelLoadError extends Error {
  constructor(readonly problems: ModelProblem[]) {
    super(
      `The server cannot start: ${problems.length} problem(s) in schemas/models:\n` +
        problems.map((problem) => `  ${formatProblem(problem)}`).join('\n'),
    )
    this.name = 'ModelLoadError'
  }
}
