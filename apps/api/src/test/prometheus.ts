// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the e2e tests' tsconfig does not include src/types, where this package's missing types are declared
/// <reference path="../types/parse-prometheus-text-format.d.ts" />
/**
 * Reading GET /metrics back in tests, with a parser of Prometheus's text format: shared by the
 * API's tests and the e2e tests of several server processes.
 */
import parsePrometheusTextFormat from 'parse-prometheus-text-format';

export type MetricFamilies = ReturnType<typeof parsePrometheusTextFormat>;

export const parseMetrics = (text: string): MetricFamilies => parsePrometheusTextFormat(text);

/** The family named `name`; throws, naming it, when the text has none. */
export function metricFamily(families: MetricFamilies, name: string) {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`${name} not in /metrics`);
  return found;
}

/** A family's samples as `label value → number`, keyed by one label (e.g. pid or state). */
export function valuesBy(families: MetricFamilies, name: string, label: string): Record<string, number> {
  return Object.fromEntries(metricFamily(families, name).metrics.map((m) => [m.labels?.[label] ?? '', Number(m.value)]));
}
