// The word rules live in the contract (the server reads an edit's words with them too); the engine's
// modules keep importing them from here.
export { namesAny, type PhraseMatcher, phrasePattern } from '../../contract/prompt-words';
