// The OpenAI wire contract: what a backend speaking the OpenAI protocol must do with the fake OpenAI server.

import { after, before, beforeEach, describe } from 'node:test';
import { describeCancelContract } from './backend-contract-cancel.ts';
import { describeCompleteContract } from './backend-contract-complete.ts';
import { describeFailureContract } from './backend-contract-failures.ts';
import { describeSecretsContract } from './backend-contract-secrets.ts';
import { describeStreamContract } from './backend-contract-stream.ts';
import { CONTRACT_CONFIG, type BackendContractSetup, type BackendContractSubject } from './backend-contract-subject.ts';

export {
  CONTRACT_CONFIG,
  type BackendContractConfig,
  type BackendContractSetup,
  type BackendContractSubject,
  type BackendOverrides,
} from './backend-contract-subject.ts';

/**
 * Runs the OpenAI wire contract for one implementation. `setup` is called once with {@link CONTRACT_CONFIG};
 * the fake server is reset before every case, and `teardown` runs at the end.
 */
export function openAiWireContract(name: string, setup: BackendContractSetup): void {
  describe(`OpenAI wire contract: ${name}`, () => {
    let subject: BackendContractSubject | undefined;
    const current = (): BackendContractSubject => {
      if (subject === undefined) throw new Error('the contract setup has not run');
      return subject;
    };

    before(async () => {
      subject = await setup(CONTRACT_CONFIG);
    });
    beforeEach(() => current().server.reset());
    after(async () => {
      await subject?.teardown();
    });

    describeCompleteContract(current);
    describeStreamContract(current);
    describeFailureContract(current);
    describeCancelContract(current);
    describeSecretsContract(current);
  });
}
