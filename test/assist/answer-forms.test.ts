// Issue 28's answer-form phrases, played through the app: questions with a phrase in any wording, quoting and position
// answered without a model in the form asked; commands with one act exactly as without it; uncovered phrases go to the
// model.

import { officialGrammar } from '../fixtures/grammar.ts';
import { answerFormRows, commandFormRows, uncoveredFormRows, wildcardFormRows } from './answer-form-rows.ts';
import { family } from './gate-play.ts';

const german = () => officialGrammar('de');

family(
  'answer forms (English): "Yes."/"No." when asked for yes or no or one word, else as always',
  answerFormRows('en', 132),
);
family(
  'answer forms (German): "Ja."/"Nein." when asked for yes or no or one word, else as always',
  answerFormRows('de', 108),
  {
    grammar: german,
  },
);
family('answer forms (English): a command with a phrase sends exactly its calls', commandFormRows('en', 30));
family('answer forms (German): a command with a phrase sends exactly its calls', commandFormRows('de', 30), {
  grammar: german,
});
family(
  'answer forms (English): a phrase no table covers goes to the model',
  uncoveredFormRows('en', 28, { error: 'backend_not_configured' }),
);
family(
  'answer forms (German): a phrase no table covers goes to the model',
  uncoveredFormRows('de', 25, { error: 'backend_not_configured' }),
  {
    grammar: german,
  },
);
family(
  'answer forms (German): a phrase after a space only that the grammar reads as a zone goes as without the table',
  wildcardFormRows(26),
  {
    grammar: german,
  },
);
