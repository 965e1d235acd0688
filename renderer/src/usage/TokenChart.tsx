// "Tokens per step": a stacked horizontal bar per step, drawn as one SVG. Each bar carries its
// step's name and total as text and every number in its title, so it reads without colour; the
// "Per step" table beside it gives a screen reader the same numbers.
import { useId } from "react";
import { formatTokens } from "../ui/format.ts";
import { SEGMENTS, type ChartBar } from "./chart-bars.ts";

const WIDTH = 320;
const ROW = 22;
const BAR_HEIGHT = 12;
const LABEL_WIDTH = 112;
const TOTAL_WIDTH = 48;
const BAR_X = LABEL_WIDTH + 4;
const BAR_WIDTH = WIDTH - BAR_X - TOTAL_WIDTH - 4;
const LABEL_CHARS = 18;

export function TokenChart({ bars, tableName }: { bars: readonly ChartBar[]; tableName: string }) {
  const titleId = useId();
  const descId = useId();
  if (bars.length === 0) return null;
  const max = Math.max(1, ...bars.map((bar) => bar.segments.reduce((sum, s) => sum + s.tokens, 0)));
  const height = bars.length * ROW + 2;

  return (
    <div className="token-chart">
      <div className="token-chart-head">
        <h3 id={titleId} className="token-chart-title">
          Tokens per step
        </h3>
        <ul className="token-chart-legend" aria-label="Legend">
          {SEGMENTS.map((segment) => (
            <li key={segment.kind}>
              <svg width="10" height="10" aria-hidden="true">
                <rect width="10" height="10" rx="2" className={`token-seg token-seg-${segment.kind}`} />
              </svg>
              {segment.label}
            </li>
          ))}
        </ul>
      </div>
      <svg role="img" aria-labelledby={titleId} aria-describedby={descId} viewBox={`0 0 ${WIDTH} ${height}`} width="100%" className="token-chart-svg">
        <desc id={descId}>
          {`One bar per step in run order (${bars.length} ${bars.length === 1 ? "step" : "steps"}): input, cached input, output and reasoning tokens stacked. The table "${tableName}" has the numbers.`}
        </desc>
        {bars.map((bar, index) => {
          let x = BAR_X;
          return (
            <g key={bar.key} className="token-bar" transform={`translate(0 ${index * ROW})`} data-step={bar.label}>
              <title>{bar.title}</title>
              <text x={0} y={ROW / 2} dominantBaseline="central" className="token-bar-label">
                {bar.label.length > LABEL_CHARS ? `${bar.label.slice(0, LABEL_CHARS - 1)}…` : bar.label}
              </text>
              <rect x={BAR_X} y={(ROW - BAR_HEIGHT) / 2} width={BAR_WIDTH} height={BAR_HEIGHT} rx="2" className="token-bar-track" />
              {bar.segments.map((segment) => {
                const width = (segment.tokens / max) * BAR_WIDTH;
                const rect =
                  width > 0 ? (
                    <rect key={segment.kind} x={x} y={(ROW - BAR_HEIGHT) / 2} width={width} height={BAR_HEIGHT} className={`token-seg token-seg-${segment.kind}`} />
                  ) : null;
                x += width;
                return rect;
              })}
              <text x={WIDTH} y={ROW / 2} dominantBaseline="central" textAnchor="end" className="token-bar-total">
                {formatTokens(bar.total)}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
