// The prompt compiler: HA-Assist's compact prompt for a turn that needs a model.
export { compilePrompt, type PromptCaches, type PromptInput } from './compile-prompt.ts';
export { userInstructions } from './user-instructions.ts';
