// Issue 24, "all the X" without a place, for locks: the satellite's area, the question for the area, or the whole home
// when the sentence says so; with no model and with a model that reaches for the whole home.

import { allLocksRows } from './all-locks-rows.ts';
import { family } from './gate-play.ts';

family('"lock all the doors": the satellite\'s area, else which area; the whole home only when said', allLocksRows());
