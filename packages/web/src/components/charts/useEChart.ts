import { type EChartsCoreOption, init } from 'echarts/core';
import { useEffect, useRef } from 'react';
import { prefersReducedMotion } from '../../browser/platform';

/**
 * Mounts one ECharts canvas on the returned element ref, resizes it with its container and disposes
 * it on unmount. The caller registers the chart types it uses (`use([...])` from echarts/core) in
 * its own lazily loaded module. `replace` drops the previous option instead of merging into it.
 * When the system asks for reduced motion, charts draw each update at once instead of tweening to it
 * (a live chart refreshed every few seconds otherwise animates for a good part of its life).
 */
export function useEChart(option: EChartsCoreOption, replace = false) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);

  useEffect(() => {
    if (!element.current) return;
    const instance = init(element.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(prefersReducedMotion ? { ...option, animation: false } : option, replace);
  }, [option, replace]);

  return element;
}
