// hearth's Prometheus metrics: created by cli/, fed by the parts it wires, served at /metrics.
export { createMetrics, type Metrics } from './metrics.ts';
