import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
}

export interface TimeChartProps {
  /** X values: IST dates 'YYYY-MM-DD', or plain numbers (programme days). */
  x: (string | number)[];
  series: ChartSeries[];
  /** Bars for counts per category (the funnel); lines for series over time. */
  bars?: boolean;
  height?: number;
  formatValue?: (value: number) => string;
}

const toX = (value: string | number) =>
  typeof value === 'number' ? value : Date.parse(`${value}T00:00:00Z`) / 1000;

/**
 * uPlot (about 50 kB, canvas): the console's only chart library, loaded lazily with the metrics
 * page. The canvas is decorative for assistive technology: each chart's figure carries the same
 * numbers as a table.
 */
export default function TimeChart({ x, series, bars, height = 220, formatValue }: TimeChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const timeAxis = typeof x[0] !== 'number';
    const options: uPlot.Options = {
      width: Math.max(280, element.clientWidth),
      height,
      scales: { x: { time: timeAxis } },
      // Dates are IST calendar days stored at 00:00 UTC: format them in UTC.
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      legend: { show: series.length > 1 },
      axes: [
        {},
        {
          values: formatValue ? (_, ticks) => ticks.map((v) => formatValue(v)) : undefined,
          size: 70,
        },
      ],
      series: [
        {},
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          fill: bars ? s.color : `${s.color}22`,
          width: 2,
          ...(bars
            ? { paths: uPlot.paths.bars!({ size: [0.6, 60] }), points: { show: false } }
            : {}),
        })),
      ],
    };
    const plot = new uPlot(options, [x.map(toX), ...series.map((s) => s.values)], element);
    const observer = new ResizeObserver(() => {
      plot.setSize({ width: Math.max(280, element.clientWidth), height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [x, series, bars, height, formatValue]);
  return <div ref={box} aria-hidden="true" className="w-full" />;
}
