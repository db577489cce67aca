/**
 * An ECharts chart. This module is loaded on demand (React.lazy in ChartCard), so echarts stays out of the
 * sign-in bundle and out of every page without a chart; only the charts and components used are registered.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { SVGRenderer } from 'echarts/renderers'
import { useEffect, useRef } from 'react'

echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer])

export interface EChartProps {
  kind: 'bar' | 'line' | 'pie'
  /** Group label → value, in order. */
  data: { name: string; value: number }[]
  /** Accessible name of the chart (the card title). */
  label: string
  height?: number
}

export default function EChart({ kind, data, label, height = 260 }: EChartProps) {
  const element = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const node = element.current
    if (!node) return
    // SVG: crisp at any zoom, printable, and it needs no canvas (which jsdom lacks).
    const chart = echarts.init(node, undefined, { renderer: 'svg' })
    chart.setOption(
      kind === 'pie'
        ? {
            tooltip: { trigger: 'item' },
            legend: { bottom: 0 },
            series: [{ type: 'pie', radius: ['35%', '65%'], data }],
          }
        : {
            tooltip: { trigger: 'axis' },
            grid: { left: 48, right: 16, top: 16, bottom: 32 },
            xAxis: { type: 'category', data: data.map((d) => d.name) },
            yAxis: { type: 'value' },
            series: [{ type: kind, data: data.map((d) => d.value) }],
          },
    )
    const resize = new ResizeObserver(() => chart.resize())
    resize.observe(node)
    return () => {
      resize.disconnect()
      chart.dispose()
    }
  }, [kind, data])
  return <div ref={element} role="img" aria-label={label} style={{ width: '100%', height }} />
}
