import { PassThrough, Writable } from 'node:stream'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { xlsxWriter } from './xlsx-writer.ts'

/** A sink that takes `chunk` bytes per tick, so the writer meets back-pressure on every batch. */
function slowSink() {
  const chunks: Buffer[] = []
  const sink = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk)
      setImmediate(done)
    },
  })
  return { sink, bytes: () => Buffer.concat(chunks) }
}

const spec = { titles: ['Code', 'Name', 'Quantity'], widths: [12, 20, 12], maxRowsPerSheet: 2500 }
const rowsOf = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => [`R${from + i}`, `仓库 <${from + i}> & "x"`, (from + i) * 1.5])

describe('the streaming xlsx writer', () => {
  it('writes batches through back-pressure into a workbook Excel reads, split into sheets', async () => {
    const { sink, bytes } = slowSink()
    const closed = new Promise((resolve) => sink.on('finish', resolve))
    const writer = xlsxWriter(sink, spec)
    for (let from = 1; from <= 6000; from += 1000) await writer.rows(rowsOf(from, 1000))
    await writer.finish()
    await closed
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(bytes() as unknown as ArrayBuffer)
    expect(workbook.worksheets.map((sheet) => [sheet.name, sheet.rowCount])).toEqual([
      ['Sheet1', 2501],
      ['Sheet2', 2501],
      ['Sheet3', 1001],
    ])
    const [first, , last] = workbook.worksheets
    expect(first!.getRow(1).values).toEqual([undefined, 'Code', 'Name', 'Quantity'])
    expect(first!.getRow(2).values).toEqual([undefined, 'R1', '仓库 <1> & "x"', 1.5])
    expect(last!.getRow(1001).values).toEqual([undefined, 'R6000', '仓库 <6000> & "x"', 9000])
  })

  it('stops with the reason, not a hang, when the output closes in the middle of an entry', async () => {
    const out = new PassThrough({ highWaterMark: 1024 }) // nobody reads it: it fills at once
    const writer = xlsxWriter(out, spec)
    const writing = (async () => {
      for (let from = 1; ; from += 1000) await writer.rows(rowsOf(from, 1000))
    })()
    setTimeout(() => out.destroy(), 50)
    await expect(writing).rejects.toThrow('The export stream was closed before the file was complete.')
  })
})
