// Compatibility with Python hassil 3.8.0 on Home Assistant's German test sentences.

import { describeCompat } from './compat/compat-suite.ts';

describeCompat('de', 3601);
