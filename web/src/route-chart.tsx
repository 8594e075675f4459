// The chart of recent HA-Assist requests: time against milliseconds, one series of points per route.
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatMs, ROUTES, summarizeRequests } from './route-summary.ts';
import type { AssistTurnJson } from './types.ts';

const HEIGHT = 220;
// A log scale cannot show 0; a request faster than this is drawn at this value.
const FLOOR_MS = 0.01;

/** The chart with its text summary; the chart itself is hidden from screen readers, which get the summary. */
export function RouteChart({ requests }: { requests: readonly AssistTurnJson[] }) {
  return (
    <figure class="route-chart">
      {requests.length > 0 ? <Plot requests={requests} /> : null}
      <figcaption>{summarizeRequests(requests)}</figcaption>
    </figure>
  );
}

function Plot({ requests }: { requests: readonly AssistTurnJson[] }) {
  const holder = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const chart = new uPlot(chartOptions(element), toAlignedData(requests), element);
    plot.current = chart;
    // The chart draws on a canvas of fixed size; follow the container so it fits a phone.
    const observer = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
      plot.current = null;
    };
    // Built once, with the requests of the first render; later ones arrive through setData below.
  }, []);

  useEffect(() => plot.current?.setData(toAlignedData(requests)), [requests]);

  return <div class="chart-holder" ref={holder} aria-hidden="true" />;
}

/** uPlot's columns: seconds since 1970, then one column per route holding a value only where the request took it. */
function toAlignedData(requests: readonly AssistTurnJson[]): uPlot.AlignedData {
  const sorted = [...requests].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const xs = sorted.map((request) => Date.parse(request.at) / 1000);
  const columns = ROUTES.map((route) =>
    sorted.map((request) => (request.route === route ? Math.max(request.ms, FLOOR_MS) : null)),
  );
  return [xs, ...columns];
}

// Canvas colours cannot use CSS variables directly, so they are read from the stylesheet once.
function chartOptions(element: HTMLElement): uPlot.Options {
  const style = getComputedStyle(element);
  const color = (name: string) => style.getPropertyValue(name).trim();
  const axis: uPlot.Axis = {
    stroke: color('--fg-muted'),
    grid: { stroke: color('--border'), width: 1 },
    ticks: { stroke: color('--border'), width: 1 },
  };
  return {
    width: element.clientWidth,
    height: HEIGHT,
    scales: { x: { time: true }, y: { distr: 3, log: 10 } },
    series: [
      {},
      ...ROUTES.map((route) => ({
        label: route,
        stroke: color(`--route-${route}`),
        paths: () => null,
        points: { show: true, size: 7, width: 1, fill: color(`--route-${route}`) },
        value: (_plot: uPlot, value: number | null) => (value === null ? '–' : formatMs(value)),
      })),
    ],
    axes: [axis, { ...axis, size: 64, values: (_plot, splits) => splits.map(formatTick) }],
    cursor: { drag: { x: false, y: false } },
  };
}

// Log-scale ticks are powers of ten (0.01 ms … 10 s); uPlot passes null for a tick it leaves out.
function formatTick(split: number | null): string {
  if (split === null) return '';
  return split < 1000 ? `${split} ms` : `${split / 1000} s`;
}
