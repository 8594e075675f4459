// The product's demo home for `hearth ask --home demo`; Home Assistant's formats are in homeassistant/request.

/** The product's fixed demo home. */
export { DEMO_HOME } from './demo-home.ts';
