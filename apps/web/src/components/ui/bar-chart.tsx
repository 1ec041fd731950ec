import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface BarChartProps {
  /** One label per bar, shown under it. */
  labels: string[];
  /** null draws no bar (nothing to measure), unlike 0. */
  values: (number | null)[];
  /** The series' name (tooltip legend). */
  name: string;
  color?: string;
  height?: number;
}

/**
 * Counts per category as bars, with uPlot (canvas). Import it lazily (React.lazy): uPlot is not
 * small. The canvas is hidden from assistive technology, so every chart must sit next to a table
 * or summary with the same numbers.
 */
export default function BarChart({
  labels,
  values,
  name,
  color = '#0f766e',
  height = 200,
}: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const x = labels.map((_, index) => index);
    const options: uPlot.Options = {
      width: Math.max(260, element.clientWidth),
      height,
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: false, range: [-0.5, labels.length - 0.5] }, y: { range: [0, null] } },
      axes: [
        {
          // One tick under each bar, named by its label.
          splits: () => x,
          values: (_, ticks) => ticks.map((tick) => labels[tick] ?? ''),
          size: 40,
        },
        { incrs: [1, 2, 5, 10, 20, 50, 100], size: 40 },
      ],
      series: [
        {},
        {
          label: name,
          stroke: color,
          fill: color,
          width: 1,
          paths: uPlot.paths.bars!({ size: [0.7, 48] }),
          points: { show: false },
        },
      ],
    };
    const plot = new uPlot(options, [x, values], element);
    const observer = new ResizeObserver(() => {
      plot.setSize({ width: Math.max(260, element.clientWidth), height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [labels, values, name, color, height]);
  return <div ref={box} aria-hidden="true" className="w-full overflow-hidden" />;
}
