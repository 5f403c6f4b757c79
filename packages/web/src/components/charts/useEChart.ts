import { type EChartsCoreOption, init } from 'echarts/core';
import { useEffect, useRef } from 'react';

/**
 * Mounts one ECharts canvas on the returned element ref, resizes it with its container and disposes
 * it on unmount. The caller registers the chart types it uses (`use([...])` from echarts/core) in
 * its own lazily loaded module. `replace` drops the previous option instead of merging into it.
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
    chart.current?.setOption(option, replace);
  }, [option, replace]);

  return element;
}
