// The gate's families through the app, with no model and with a scripted one: the exact calls sent or the exact
// answer for every generated row, and not one wrong call.

import { family } from './gate-play.ts';
import { allWithoutPlaceRows, againstSentenceRows, oneCandidateRows, signedNumberRows } from './gate-rows.ts';

family('the gate: a number keeps its sign; a value is never changed', signedNumberRows(), { stream: 'first-round' });
family('the gate: a turn that asked for one of several devices sends one call on one of them', oneCandidateRows(), {
  stream: 'first-round',
});
family("the gate: the model's calls are judged against the sentence", againstSentenceRows(), { stream: 'first-round' });
family('the gate: "all the X" is the whole home only when the sentence says so', allWithoutPlaceRows(), {
  stream: 'first-round',
});
