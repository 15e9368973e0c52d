import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarPlot } from './BarPlot.tsx';

interface Row {
  day: number;
  fires: number | null;
}

const rows: Row[] = [
  { day: 1, fires: 3 },
  { day: 2, fires: 0 },
  { day: 3, fires: 7 },
  { day: 4, fires: null },
];

function draw(labelled?: number[]) {
  return render(
    <BarPlot<Row>
      rows={rows}
      category={(r) => r.day}
      value={(r) => r.fires}
      labelled={labelled}
      colour="#b3101f"
      height={340}
      seriesName="Fires"
      label="Daily Fires"
      axisTick={(v) => String(v)}
      tooltipLabel={(r) => `Day ${r.day}`}
      tooltipValue={(v) => String(v)}
    />,
  );
}

/** The text the plot's aria-describedby points at (the value shown), or null when none is. */
function description(plot: HTMLElement): string | null {
  const id = plot.getAttribute('aria-describedby');
  return id === null ? null : (document.getElementById(id)?.textContent ?? '');
}

describe('BarPlot', () => {
  it('draws a bar for each day with fires, as tall as its value, on whole-number ticks', () => {
    const { container } = draw();
    const bars = [...container.querySelectorAll('.bar-plot-area rect')];
    expect(bars).toHaveLength(2);
    const [three, seven] = bars.map((b) => Number(b.getAttribute('height')));
    expect((seven ?? 0) / (three ?? 1)).toBeCloseTo(7 / 3);
    expect(bars[1]?.getAttribute('x')).toBe('52.5%');
    const ticks = [...container.querySelectorAll('.bar-plot-y text')].map((t) => t.textContent);
    expect(ticks).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
  });

  it('labels only the categories asked for', () => {
    const { container } = draw([1, 3]);
    const labels = [...container.querySelectorAll('.bar-plot-area text')].map((t) => t.textContent);
    expect(labels).toEqual(['1', '3']);
  });

  it('walks the bars with the arrow keys once focused, and names the value shown', () => {
    draw();
    const plot = screen.getByRole('group', { name: 'Daily Fires' });
    fireEvent.focus(plot);
    expect(description(plot)).toBe('Day 1Fires : 3');
    fireEvent.keyDown(plot, { key: 'ArrowRight' });
    fireEvent.keyDown(plot, { key: 'ArrowRight' });
    expect(description(plot)).toBe('Day 3Fires : 7');
    fireEvent.keyDown(plot, { key: 'End' });
    expect(description(plot)).toBe('Day 4Fires : ');
    fireEvent.blur(plot);
    expect(description(plot)).toBeNull();
  });
});
