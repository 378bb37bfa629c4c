import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import * as styles from './dashboard.css.js';
import { stacked } from './dashboard-series.js';

/** One stack of a day's bar: a currency's values, the texts its legend shows, its colour. */
export interface ChartSeries {
  readonly label: string;
  readonly values: readonly number[];
  readonly texts: readonly string[];
  readonly color: string;
}

export interface DayChartProps {
  /** The x axis's labels and the legend's day, one per bar. */
  readonly dayTicks: readonly string[];
  readonly dayTexts: readonly string[];
  readonly dayLabel: string;
  readonly series: readonly ChartSeries[];
  /** The y axis's tick label (a compact number). */
  readonly tick: (value: number) => string;
  /** Counts get whole-number ticks only. */
  readonly whole?: boolean;
  readonly testId: string;
}

const HEIGHT = 220;
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000];
const DAY_STEPS = [1, 2, 3, 5, 7, 10, 14];

function optionsOf(props: DayChartProps, width: number): uPlot.Options {
  const days = props.dayTicks.length;
  const bars = uPlot.paths.bars!({ size: [0.7, 24], align: 0 });
  // uPlot asks for the legend without a day (null) while no pointer is on the chart: today's figures then.
  const dayOf = (index: number | null) => index ?? days - 1;
  return {
    width,
    height: HEIGHT,
    // The legend shows the figures of the day under the pointer, and today's without one; the bars
    // are stacked, so each currency's text is its own value, not the stack's height.
    legend: { live: true },
    cursor: { points: { show: false }, drag: { x: false, y: false } },
    scales: {
      x: { time: false, range: [-0.5, days - 0.5] },
      y: { range: (_u, _min, max) => uPlot.rangeNum(0, Math.max(max, props.whole ? 4 : 1), 0.1, true) },
    },
    axes: [
      {
        incrs: DAY_STEPS,
        space: 48,
        values: (_u, splits) => splits.map((split) => props.dayTicks[split] ?? ''),
      },
      { size: 56, values: (_u, splits) => splits.map(props.tick), ...(props.whole ? { incrs: WHOLE_STEPS } : {}) },
    ],
    series: [
      { label: props.dayLabel, value: (_u, _value, _series, index) => props.dayTexts[dayOf(index)] ?? '' },
      ...props.series.map((one): uPlot.Series => ({
        label: one.label,
        fill: one.color,
        stroke: one.color,
        width: 0,
        paths: bars,
        points: { show: false },
        value: (_u, _value, _series, index) => one.texts[dayOf(index)] ?? '',
      })),
    ],
  };
}

/**
 * Stacked bars per China-time day (uPlot, loaded only with the dashboard). The canvas is hidden from
 * screen readers: the dashboard gives the same figures as text and a table. It follows its box's width.
 */
export default function DayChart({ chart: props }: { chart: DayChartProps }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const x = props.dayTicks.map((_day, index) => index);
    const data: uPlot.AlignedData = [x, ...stacked(props.series.map((one) => one.values))];
    const chart = new uPlot(optionsOf(props, element.clientWidth), data, element);
    // uPlot fills its legend once a pointer moves: it starts on today.
    chart.setLegend({ idx: x.length - 1 });
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
    // One chart per props object (built once per answer and locale), not per render of the page.
  }, [props]);
  return <div ref={box} className={styles.chart} aria-hidden="true" data-testid={props.testId} />;
}
