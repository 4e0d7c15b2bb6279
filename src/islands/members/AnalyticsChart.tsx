import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DayTotal } from '../../domain/members/member-stats.ts';

const HEIGHT = 240;
// The site's accent and gold (src/styles/global.css).
const VISITS = '#8a2c2c';
const CLICKS = '#c2923a';
// The site's ink-muted (src/styles/global.css), dashed.
const FOLLOWS = '#5a4a3d';

/**
 * A Premium member's 90 days: visits, purchase-link clicks and new followers per UTC day, drawn
 * by uPlot (loaded only with this component). The per-page table and the CSV
 * beside it carry the same figures for screen readers.
 */
export default function AnalyticsChart({ daily }: { daily: DayTotal[] }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const chart = new uPlot(
      {
        width: element.clientWidth || 600,
        height: HEIGHT,
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        legend: { show: false },
        scales: { x: { time: true } },
        series: [
          {},
          { label: 'Visits', stroke: VISITS, width: 2 },
          { label: 'Link clicks', stroke: CLICKS, width: 2 },
          { label: 'New followers', stroke: FOLLOWS, width: 2, dash: [6, 4] },
        ],
      },
      [
        daily.map((day) => Date.parse(`${day.day}T00:00:00Z`) / 1000),
        daily.map((day) => day.views),
        daily.map((day) => day.clicks),
        daily.map((day) => day.follows),
      ],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [daily]);

  const visits = daily.reduce((sum, day) => sum + day.views, 0);
  const clicks = daily.reduce((sum, day) => sum + day.clicks, 0);
  const follows = daily.reduce((sum, day) => sum + day.follows, 0);
  return (
    <figure className="space-y-2">
      <div
        ref={box}
        role="img"
        aria-label={`Chart of daily visits (${visits} in all), link clicks (${clicks} in all) and new followers (${follows} in all) over the last 90 days`}
        data-analytics-chart
      />
      <figcaption className="flex gap-4 text-sm">
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-1 w-4 bg-accent" />
          Visits
        </span>
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-1 w-4 bg-gold" />
          Link clicks
        </span>
        <span className="inline-flex items-center gap-1">
          <span
            aria-hidden="true"
            className="inline-block h-0 w-4 border-t-2 border-dashed border-ink-muted"
          />
          New followers
        </span>
      </figcaption>
    </figure>
  );
}
