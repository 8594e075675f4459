// Compatibility with Python hassil 3.8.0 on Home Assistant's English test sentences.

import { describeCompat } from './compat/compat-suite.ts';

describeCompat('en', 1110);
