/**
 * The built-in experiments' own words (title, description, each step's label) in the reader's language. The JSON
 * files keep their English, which is what a link or an edited script carries; a text is translated only while it is
 * still the built-in English, so a script someone edited shows their words as they wrote them.
 */
import { englishT, type Translate } from "../../i18n/translate";
import { BUILT_IN_SCRIPTS } from "./index";

interface ScriptWords {
  title: string;
  description: string;
  steps: { id: string; label: string }[];
}

/** Every built-in text's catalogue key, by its English (which equals the JSON's: tests/unit/lab/script-words.test.ts). */
function keysByEnglish(): Map<string, string> {
  const keys = new Map<string, string>();
  for (const { id, script } of BUILT_IN_SCRIPTS) {
    const s = script as ScriptWords;
    keys.set(s.title, `labScripts.${id}.title`);
    keys.set(s.description, `labScripts.${id}.description`);
    for (const step of s.steps) keys.set(step.label, `labScripts.${id}.steps.${step.id}`);
  }
  return keys;
}

let known: Map<string, string> | undefined;

/** `text` in the reader's language when it is a built-in script's English; otherwise as written. */
export function scriptWords(text: string, t: Translate = englishT): string {
  known ??= keysByEnglish();
  const key = known.get(text);
  return key ? t(key) : text;
}

/** The catalogue keys of the built-in scripts' texts, for the test that holds their English to the JSON. */
export function builtInScriptKeys(): { key: string; english: string }[] {
  return [...keysByEnglish()].map(([english, key]) => ({ key, english }));
}
