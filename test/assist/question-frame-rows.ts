// The question-frame family: questions people ask about generated homes, from frames × devices × states, English and
// German — the grammar's own frames, fillers, possessive and reversed order, "tell me if …", choice questions (also
// asked for one word) and questions no frame covers — each with its exact outcome without a model, computed from the
// home's data (question-frame-oracle.ts). Mostly a declarative table of frames per language and kind (it may be long).

import { buildHaRequest } from '../../src/homeassistant/request/index.ts';
import type { GateRow, Outcome } from './gate-rows.ts';
import {
  type DeviceKind,
  type FrameDevice,
  type FrameHome,
  generateFrameHome,
  type Language,
} from './question-frame-homes.ts';
import {
  choiceAnswer,
  isSilent,
  lightsAnswer,
  type LightsQuestion,
  readingAnswer,
  silentAnswer,
  stateAnswer,
  temperatureAnswer,
  weatherChoiceAnswer,
  weatherYesNo,
  yesNoAnswer,
} from './question-frame-oracle.ts';

/** What a frame is: the grammar's own, one HA-Assist covers beyond it, or one that goes to the model. */
export type FrameFamily = 'exact' | 'filler' | 'order' | 'tell-me' | 'choice' | 'one-word' | 'uncovered';

/** A row of the family. */
export type FrameRow = GateRow & {
  language: Language;
  family: FrameFamily;
  /** The frame's name (what the sentence's shape is). */
  frame: string;
  /** A safeguard's hand-over of a covered frame: the device does not report, several fit, or a choice is no state. */
  safeguard?: 'silent' | 'several' | 'no-state';
};

/** The model's turn (no model is configured): what every question not answered here comes to. */
export const TO_MODEL: Outcome = { error: 'backend_not_configured' };

/** A device with the words that say its area ("in der Küche"). */
type Named = FrameDevice & { areaIn: string };

/** A question frame about one device: its family, its words, and the answer from the device (undefined: the model). */
interface DeviceFrame {
  family: FrameFamily;
  name: string;
  say(device: Named): string;
  answer(device: Named): string | undefined;
  safeguard?: FrameRow['safeguard'];
}

const en = 'en';
const de = 'de';
const lower = (device: FrameDevice) => device.entity.name.toLowerCase();
const owner = (device: FrameDevice) => device.owner!.toLowerCase();
const yesNo = (asked: string, language: Language) => (device: FrameDevice) =>
  yesNoAnswer(device.entity, asked, language);
const choice =
  (language: Language, isOneWord = false) =>
  (device: FrameDevice) =>
    choiceAnswer(device.entity, language, isOneWord);
const reading = (language: Language) => (device: FrameDevice) => readingAnswer(device.entity, language);
const state = (language: Language) => (device: FrameDevice) => stateAnswer(device.entity, language);
/**
 * A battery level: the model's when two sensors are named after the device, or (English: the grammar's answerer hands
 * it over) when the sensor does not report.
 */
const level = (language: Language) => (device: FrameDevice) =>
  device.twin !== undefined || (isSilent(device.entity) && language === 'en')
    ? undefined
    : readingAnswer(device.entity, language);
const toModel = () => undefined;
const temperature =
  (language: Language, inArea: boolean) =>
  (device: FrameDevice): string | undefined =>
    device.value === undefined
      ? undefined
      : temperatureAnswer(device.entity, device.value, language, inArea ? device.area : undefined);

/** The English frames of each kind of device. */
const ENGLISH: Readonly<Partial<Record<DeviceKind, readonly DeviceFrame[]>>> = {
  light: [
    { family: 'exact', name: 'is X on', say: (d) => `is the ${lower(d)} on`, answer: yesNo('on', en) },
    {
      family: 'filler',
      name: 'is X on right now',
      say: (d) => `is the ${lower(d)} on right now`,
      answer: yesNo('on', en),
    },
    {
      family: 'filler',
      name: 'is X off at the moment',
      say: (d) => `is the ${lower(d)} off at the moment`,
      answer: yesNo('off', en),
    },
    {
      family: 'filler',
      name: 'right now, is X on',
      say: (d) => `right now, is the ${lower(d)} on?`,
      answer: yesNo('on', en),
    },
    {
      family: 'filler',
      name: 'is X on or not',
      say: (d) => `is the ${lower(d)} on or not?`,
      answer: yesNo('on', en),
    },
    {
      family: 'filler',
      name: 'is X on at present',
      say: (d) => `is the ${lower(d)} on at present`,
      answer: yesNo('on', en),
    },
    {
      family: 'tell-me',
      name: 'can you tell me if X is on',
      say: (d) => `can you tell me if the ${lower(d)} is on`,
      answer: yesNo('on', en),
    },
    {
      family: 'tell-me',
      name: 'do you know whether X is off',
      say: (d) => `do you know whether the ${lower(d)} is off`,
      answer: yesNo('off', en),
    },
    { family: 'choice', name: 'is X on or off', say: (d) => `is the ${lower(d)} on or off`, answer: choice(en) },
    {
      family: 'choice',
      name: 'is X currently off or on',
      say: (d) => `is the ${lower(d)} currently off or on?`,
      answer: choice(en),
    },
    {
      family: 'one-word',
      name: 'is X on or off in one word',
      say: (d) => `is the ${lower(d)} on or off in one word`,
      answer: choice(en, true),
    },
    {
      family: 'choice',
      name: 'is X on or blue',
      say: (d) => `is the ${lower(d)} on or blue`,
      answer: toModel,
      safeguard: 'no-state',
    },
  ],
  window: [
    { family: 'exact', name: 'is X open', say: (d) => `is the ${lower(d)} open`, answer: yesNo('open', en) },
    {
      family: 'filler',
      name: 'is X open right now',
      say: (d) => `is the ${lower(d)} open right now`,
      answer: yesNo('open', en),
    },
    {
      family: 'filler',
      name: 'is X closed at the moment',
      say: (d) => `is the ${lower(d)} closed at the moment`,
      answer: yesNo('closed', en),
    },
    {
      family: 'choice',
      name: 'is X open or closed',
      say: (d) => `is the ${lower(d)} open or closed`,
      answer: choice(en),
    },
    {
      family: 'one-word',
      name: 'is X open or shut in one word',
      say: (d) => `is the ${lower(d)} open or shut? in one word`,
      answer: choice(en, true),
    },
    {
      family: 'choice',
      name: 'is X open or locked',
      say: (d) => `is the ${lower(d)} open or locked`,
      answer: toModel,
      safeguard: 'no-state',
    },
  ],
  media: [
    { family: 'exact', name: 'is X playing', say: (d) => `is the ${lower(d)} playing`, answer: yesNo('playing', en) },
    {
      family: 'filler',
      name: 'is X paused right now',
      say: (d) => `is the ${lower(d)} paused right now`,
      answer: yesNo('paused', en),
    },
    {
      family: 'choice',
      name: 'is X playing or paused',
      say: (d) => `is the ${lower(d)} playing or paused`,
      answer: choice(en),
    },
    { family: 'order', name: 'what is X doing', say: (d) => `what is the ${lower(d)} doing`, answer: state(en) },
    {
      family: 'choice',
      name: 'is X playing, paused or off',
      say: (d) => `is the ${lower(d)} playing, paused or off`,
      answer: choice(en),
    },
    {
      family: 'choice',
      name: 'is X playing or is it paused',
      say: (d) => `is the ${lower(d)} playing or is it paused`,
      answer: choice(en),
    },
    {
      family: 'one-word',
      name: 'is X playing or paused in one word',
      say: (d) => `is the ${lower(d)} playing or paused in one word`,
      answer: choice(en, true),
    },
    {
      family: 'choice',
      name: 'is X playing or open',
      say: (d) => `is the ${lower(d)} playing or open`,
      answer: toModel,
      safeguard: 'no-state',
    },
  ],
  garage: [
    { family: 'exact', name: 'is X open', say: (d) => `is the ${lower(d)} open`, answer: yesNo('open', en) },
    {
      family: 'filler',
      name: 'is X still closed',
      say: (d) => `is the ${lower(d)} closed now`,
      answer: yesNo('closed', en),
    },
    {
      family: 'choice',
      name: 'is X open or closed',
      say: (d) => `is the ${lower(d)} open or closed`,
      answer: choice(en),
    },
    {
      family: 'one-word',
      name: 'is X open or closed in one word',
      say: (d) => `is the ${lower(d)} open or closed in one word`,
      answer: choice(en, true),
    },
  ],
  lock: [
    { family: 'exact', name: 'is X locked', say: (d) => `is the ${lower(d)} locked`, answer: yesNo('locked', en) },
    {
      family: 'filler',
      name: 'is X locked at the moment',
      say: (d) => `is the ${lower(d)} locked at the moment`,
      answer: yesNo('locked', en),
    },
    {
      family: 'tell-me',
      name: 'could you check if X is locked',
      say: (d) => `could you check if the ${lower(d)} is locked`,
      answer: yesNo('locked', en),
    },
    {
      family: 'choice',
      name: 'is X locked or unlocked',
      say: (d) => `is the ${lower(d)} locked or unlocked`,
      answer: choice(en),
    },
    {
      family: 'one-word',
      name: 'is X locked or unlocked in one word',
      say: (d) => `is the ${lower(d)} locked or unlocked in one word`,
      answer: choice(en, true),
    },
  ],
  battery: [
    {
      family: 'exact',
      name: 'what is the battery level of X',
      say: (d) => `what is the battery level of the ${owner(d)}`,
      answer: level(en),
    },
    {
      family: 'order',
      name: 'what is the X battery level',
      say: (d) => `what is the ${owner(d)} battery level`,
      // The sentence is the twin's exact name ("… Battery Level"): the grammar reads it.
      answer: (d) => (d.twin === undefined ? level(en)(d) : readingAnswer(d.twin, en)),
    },
    {
      family: 'order',
      name: "what's the X's battery level",
      say: (d) => `what's the ${owner(d)}'s battery level`,
      answer: level(en),
    },
    {
      family: 'order',
      name: "how full is the X's battery",
      say: (d) => `how full is the ${owner(d)}’s battery`,
      answer: level(en),
    },
    {
      family: 'order',
      name: "the X's battery level",
      say: (d) => `the ${owner(d)}'s battery level`,
      answer: level(en),
    },
    {
      family: 'filler',
      name: 'what is the X battery right now',
      say: (d) => `what is the ${owner(d)} battery right now`,
      answer: level(en),
    },
    {
      family: 'tell-me',
      name: 'can you tell me what the X battery level is',
      say: (d) => `can you tell me what the ${owner(d)} battery level is`,
      answer: level(en),
    },
  ],
  humidity: [
    {
      family: 'exact',
      name: 'what is the X humidity',
      say: (d) => `what is the ${owner(d)} humidity`,
      answer: reading(en),
    },
    {
      family: 'order',
      name: 'what is the humidity of the X',
      say: (d) => `what is the humidity of the ${owner(d)}`,
      answer: reading(en),
    },
    {
      family: 'filler',
      name: 'what is the X humidity at the moment',
      say: (d) => `what is the ${owner(d)} humidity at the moment`,
      answer: reading(en),
    },
  ],
  thermostat: [
    {
      family: 'order',
      name: "what's the X's temperature",
      say: (d) => `what's the ${lower(d)}'s temperature`,
      answer: temperature(en, false),
    },
    {
      family: 'exact',
      name: "what's the temperature in A",
      say: (d) => `what's the temperature in the ${d.area!.toLowerCase()}`,
      answer: temperature(en, true),
    },
    {
      family: 'order',
      name: "what's the temperature of A",
      say: (d) => `what's the temperature of the ${d.area!.toLowerCase()}`,
      answer: temperature(en, true),
    },
    {
      family: 'order',
      name: 'how warm is A',
      say: (d) => `how warm is the ${d.area!.toLowerCase()}`,
      answer: temperature(en, true),
    },
    {
      family: 'tell-me',
      name: 'tell me how warm it is in A',
      say: (d) => `tell me how warm it is in the ${d.area!.toLowerCase()}`,
      answer: temperature(en, true),
    },
    {
      family: 'order',
      name: 'what temperature is it in A',
      say: (d) => `what temperature is it in the ${d.area!.toLowerCase()}`,
      answer: temperature(en, true),
    },
    {
      family: 'filler',
      name: 'how warm is it in A right now',
      say: (d) => `how warm is it in the ${d.area!.toLowerCase()} right now`,
      answer: temperature(en, true),
    },
  ],
  fan: [
    { family: 'exact', name: 'is X on', say: (d) => `is the ${lower(d)} on`, answer: toModel, safeguard: 'several' },
    {
      family: 'filler',
      name: 'is X on right now',
      say: (d) => `is the ${lower(d)} on right now`,
      answer: toModel,
      safeguard: 'several',
    },
    {
      family: 'choice',
      name: 'is X on or off',
      say: (d) => `is the ${lower(d)} on or off`,
      answer: toModel,
      safeguard: 'several',
    },
  ],
};

/** The German frames of each kind of device (Home Assistant's German grammar has no media or battery questions). */
const GERMAN: Readonly<Partial<Record<DeviceKind, readonly DeviceFrame[]>>> = {
  light: [
    { family: 'exact', name: 'ist X an', say: (d) => `ist das ${d.entity.name} an`, answer: yesNo('on', de) },
    {
      family: 'filler',
      name: 'ist X gerade an',
      say: (d) => `ist das ${d.entity.name} gerade an`,
      answer: yesNo('on', de),
    },
    {
      family: 'filler',
      name: 'ist X an oder nicht',
      say: (d) => `ist das ${d.entity.name} an oder nicht`,
      answer: yesNo('on', de),
    },
    {
      family: 'filler',
      name: 'ist X im Moment aus',
      say: (d) => `ist das ${d.entity.name} im Moment aus`,
      answer: yesNo('off', de),
    },
    {
      family: 'tell-me',
      name: 'weißt du, ob X an ist',
      say: (d) => `weißt du, ob das ${d.entity.name} an ist`,
      answer: yesNo('on', de),
    },
    {
      family: 'choice',
      name: 'ist X an oder aus',
      say: (d) => `ist das ${d.entity.name} an oder aus`,
      answer: choice(de),
    },
    {
      family: 'choice',
      name: 'ist X gerade aus oder an',
      say: (d) => `ist das ${d.entity.name} gerade aus oder an?`,
      answer: choice(de),
    },
    {
      family: 'one-word',
      name: 'ist X an oder aus in einem Wort',
      say: (d) => `ist das ${d.entity.name} an oder aus? Antworte in einem Wort`,
      answer: choice(de, true),
    },
    {
      family: 'choice',
      name: 'ist X an oder blau',
      say: (d) => `ist das ${d.entity.name} an oder blau`,
      answer: toModel,
      safeguard: 'no-state',
    },
  ],
  window: [
    { family: 'exact', name: 'ist X offen', say: (d) => `ist das ${d.entity.name} offen`, answer: yesNo('open', de) },
    {
      family: 'filler',
      name: 'ist X momentan offen',
      say: (d) => `ist das ${d.entity.name} momentan offen`,
      answer: yesNo('open', de),
    },
    {
      family: 'choice',
      name: 'ist X offen oder geschlossen',
      say: (d) => `ist das ${d.entity.name} offen oder geschlossen`,
      answer: choice(de),
    },
    {
      family: 'one-word',
      name: 'ist X offen oder zu in einem Wort',
      say: (d) => `ist das ${d.entity.name} offen oder zu, in einem Wort`,
      answer: choice(de, true),
    },
  ],
  media: [
    {
      family: 'choice',
      name: 'läuft X oder ist es pausiert',
      say: (d) => `läuft das ${d.entity.name} oder ist es pausiert`,
      answer: choice(de),
    },
    {
      family: 'choice',
      name: 'ist X pausiert oder aus',
      say: (d) => `ist das ${d.entity.name} pausiert oder aus`,
      answer: choice(de),
    },
    { family: 'order', name: 'was macht X', say: (d) => `was macht das ${d.entity.name}`, answer: state(de) },
    {
      family: 'choice',
      name: 'ist X gerade an oder aus',
      say: (d) => `ist das ${d.entity.name} gerade an oder aus`,
      answer: choice(de),
    },
    {
      family: 'one-word',
      name: 'läuft X oder ist es pausiert in einem Wort',
      say: (d) => `läuft das ${d.entity.name} oder ist es pausiert? Nur ein Wort`,
      answer: choice(de, true),
    },
    {
      family: 'choice',
      name: 'ist X offen oder pausiert',
      say: (d) => `ist das ${d.entity.name} offen oder pausiert`,
      answer: toModel,
      safeguard: 'no-state',
    },
    { family: 'order', name: 'spielt X', say: (d) => `spielt das ${d.entity.name}`, answer: yesNo('playing', de) },
    {
      family: 'one-word',
      name: 'läuft X in einem Wort',
      say: (d) => `läuft das ${d.entity.name}? Antworte mit Ja oder Nein`,
      answer: (d) => (isSilent(d.entity) ? silentAnswer(d.entity, de) : d.entity.state === 'playing' ? 'Ja.' : 'Nein.'),
    },
  ],
  garage: [
    { family: 'exact', name: 'ist X offen', say: (d) => `ist das ${d.entity.name} offen`, answer: yesNo('open', de) },
    {
      family: 'filler',
      name: 'ist X derzeit geschlossen',
      say: (d) => `ist das ${d.entity.name} derzeit geschlossen`,
      answer: yesNo('closed', de),
    },
    {
      family: 'choice',
      name: 'ist X offen oder geschlossen',
      say: (d) => `ist das ${d.entity.name} offen oder geschlossen`,
      answer: choice(de),
    },
    {
      family: 'one-word',
      name: 'ist X auf oder zu in einem Wort',
      say: (d) => `ist das ${d.entity.name} auf oder zu? Mit einem Wort`,
      answer: choice(de, true),
    },
  ],
  lock: [
    {
      family: 'exact',
      name: 'ist X abgeschlossen',
      say: (d) => `ist die ${d.entity.name} abgeschlossen`,
      answer: yesNo('locked', de),
    },
    {
      family: 'filler',
      name: 'ist X aktuell abgeschlossen',
      say: (d) => `ist die ${d.entity.name} aktuell abgeschlossen`,
      answer: yesNo('locked', de),
    },
    {
      family: 'choice',
      name: 'ist X abgeschlossen oder aufgeschlossen',
      say: (d) => `ist die ${d.entity.name} abgeschlossen oder aufgeschlossen`,
      answer: choice(de),
    },
    {
      family: 'one-word',
      name: 'ist X abgeschlossen oder offen in einem Wort',
      say: (d) => `ist die ${d.entity.name} abgeschlossen oder offen? In einem Wort`,
      answer: choice(de, true),
    },
  ],
  battery: [
    {
      family: 'exact',
      name: 'wie ist der Wert von X',
      say: (d) => `wie ist der Wert von ${d.entity.name}`,
      answer: reading(de),
    },
    {
      family: 'order',
      name: 'wie hoch ist der Batteriestand vom X',
      say: (d) => `wie hoch ist der Batteriestand vom ${d.owner}`,
      answer: level(de),
    },
    {
      family: 'order',
      name: 'wie voll ist die Batterie von X',
      say: (d) => `wie voll ist die Batterie von ${d.owner}`,
      answer: level(de),
    },
    {
      family: 'order',
      name: 'Batteriestand vom X',
      say: (d) => `Batteriestand vom ${d.owner}`,
      answer: level(de),
    },
    {
      family: 'order',
      name: 'was ist der Akkustand vom X',
      say: (d) => `was ist der Akkustand vom ${d.owner}`,
      answer: level(de),
    },
    {
      family: 'filler',
      name: 'wie hoch ist der Batteriestand vom X gerade',
      say: (d) => `wie hoch ist der Batteriestand vom ${d.owner} gerade`,
      answer: level(de),
    },
  ],
  humidity: [
    {
      family: 'exact',
      name: 'wie ist der Wert von X',
      say: (d) => `wie ist der Wert von ${d.entity.name}`,
      answer: reading(de),
    },
    { family: 'order', name: 'was zeigt X an', say: (d) => `was zeigt der ${d.entity.name} an`, answer: reading(de) },
    {
      family: 'filler',
      name: 'was zeigt X gerade an',
      say: (d) => `was zeigt ${d.entity.name} gerade an`,
      answer: reading(de),
    },
  ],
  thermostat: [
    {
      family: 'exact',
      name: 'wie ist die Temperatur in A',
      say: (d) => `wie ist die Temperatur ${d.areaIn}`,
      answer: temperature(de, true),
    },
    {
      family: 'order',
      name: 'was ist die Temperatur in A',
      say: (d) => `was ist die Temperatur ${d.areaIn}`,
      answer: temperature(de, true),
    },
    {
      family: 'order',
      name: 'welche Temperatur hat es in A',
      say: (d) => `welche Temperatur hat es ${d.areaIn}`,
      answer: temperature(de, true),
    },
    {
      family: 'order',
      name: 'welche Temperatur ist in A',
      say: (d) => `welche Temperatur ist ${d.areaIn}`,
      answer: temperature(de, true),
    },
    {
      family: 'tell-me',
      name: 'kannst du mir sagen, wie warm es in A ist',
      say: (d) => `kannst du mir sagen, wie warm es ${d.areaIn} ist`,
      answer: temperature(de, true),
    },
    {
      family: 'order',
      name: 'wie viel Grad sind es in A',
      say: (d) => `wie viel Grad sind es ${d.areaIn}`,
      answer: temperature(de, true),
    },
  ],
  fan: [
    {
      family: 'filler',
      name: 'ist X gerade an',
      say: (d) => `ist der ${d.entity.name} gerade an`,
      answer: toModel,
      safeguard: 'several',
    },
    {
      family: 'choice',
      name: 'ist X an oder aus',
      say: (d) => `ist der ${d.entity.name} an oder aus`,
      answer: toModel,
      safeguard: 'several',
    },
  ],
};

/** A question about the weather, and its answer from the home's condition (undefined: the model). */
interface WeatherFrame {
  family: FrameFamily;
  name: string;
  text: string;
  answer(condition: string): string | undefined;
}

const WEATHER_FRAMES: Readonly<Record<Language, readonly WeatherFrame[]>> = {
  en: [
    { family: 'exact', name: 'is it raining', text: 'is it raining', answer: (c) => weatherYesNo(c, 'raining') },
    {
      family: 'filler',
      name: 'is it sunny at the moment',
      text: 'is it sunny at the moment',
      answer: (c) => weatherYesNo(c, 'sunny'),
    },
    {
      family: 'choice',
      name: 'is it raining or clear right now',
      text: 'is it raining or clear right now',
      answer: (c) => weatherChoiceAnswer(c, en, false),
    },
    {
      family: 'choice',
      name: 'is it sunny, cloudy or snowing',
      text: 'is it sunny, cloudy or snowing?',
      answer: (c) => weatherChoiceAnswer(c, en, false),
    },
    {
      family: 'one-word',
      name: 'is it sunny or cloudy in one word',
      text: 'is it sunny or cloudy? one word',
      answer: (c) => weatherChoiceAnswer(c, en, true),
    },
    { family: 'choice', name: 'is it raining or on', text: 'is it raining or on', answer: () => undefined },
  ],
  de: [
    {
      family: 'choice',
      name: 'regnet es oder ist es sonnig',
      text: 'regnet es oder ist es sonnig',
      answer: (c) => weatherChoiceAnswer(c, de, false),
    },
    {
      family: 'choice',
      name: 'ist es gerade sonnig oder bewölkt',
      text: 'ist es gerade sonnig oder bewölkt',
      answer: (c) => weatherChoiceAnswer(c, de, false),
    },
    {
      family: 'one-word',
      name: 'ist es sonnig oder bewölkt in einem Wort',
      text: 'ist es sonnig oder bewölkt? In einem Wort',
      answer: (c) => weatherChoiceAnswer(c, de, true),
    },
    { family: 'uncovered', name: 'regnet es gerade', text: 'regnet es gerade', answer: () => undefined },
  ],
};

/** A question about every light of the home: its family, its words, what it asks and the state asked. */
interface LightsFrame {
  family: FrameFamily;
  text: string;
  question: LightsQuestion;
  asked: 'on' | 'off';
}

const LIGHTS_FRAMES: Readonly<Record<Language, readonly LightsFrame[]>> = {
  en: [
    { family: 'exact', text: 'how many lights are on', question: 'how_many', asked: 'on' },
    { family: 'exact', text: 'which lights are off', question: 'which', asked: 'off' },
    { family: 'filler', text: 'how many lights are on right now', question: 'how_many', asked: 'on' },
    { family: 'tell-me', text: 'do you know how many lights are off', question: 'how_many', asked: 'off' },
    { family: 'filler', text: 'how many lights are currently off', question: 'how_many', asked: 'off' },
    { family: 'filler', text: 'are any lights on at the moment', question: 'any', asked: 'on' },
    { family: 'filler', text: 'which lights are on right now?', question: 'which', asked: 'on' },
    { family: 'filler', text: 'are all lights off right now', question: 'all', asked: 'off' },
  ],
  de: [
    { family: 'exact', text: 'wie viele Lichter sind an', question: 'how_many', asked: 'on' },
    { family: 'filler', text: 'wie viele Lichter sind gerade an', question: 'how_many', asked: 'on' },
    { family: 'tell-me', text: 'weißt du, welche Lichter an sind', question: 'which', asked: 'on' },
    { family: 'filler', text: 'ist momentan irgendein Licht an', question: 'any', asked: 'on' },
    { family: 'filler', text: 'welche Lichter sind im Moment aus', question: 'which', asked: 'off' },
    { family: 'filler', text: 'sind alle Lichter jetzt aus', question: 'all', asked: 'off' },
  ],
};

/** Questions no frame covers: the model answers them (with none, nothing is made up). */
export const UNCOVERED: Readonly<Record<Language, readonly string[]>> = {
  en: [
    'is it dark outside',
    'should I take an umbrella',
    'is the house secure',
    'is anything wrong',
    'what should I wear today',
    'do I need a jacket',
    'is everything okay at home',
    'is it warm enough for a walk right now',
  ],
  de: [
    'ist es draußen dunkel',
    'brauche ich einen Regenschirm',
    'ist das Haus sicher',
    'ist irgendwas kaputt',
    'was soll ich heute anziehen',
    'brauche ich eine Jacke',
    'ist zu Hause alles in Ordnung',
    'ist es gerade warm genug für einen Spaziergang',
  ],
};

/** The English and German homes of the family. */
export const SEEDS: Readonly<Record<Language, readonly number[]>> = { en: [11, 12, 13, 14], de: [21, 22, 23, 24] };

/** Every row: each home's devices in each frame of their kind, the weather frames and the uncovered questions. */
export function questionFrameRows(): FrameRow[] {
  return (['en', 'de'] as const).flatMap((language) =>
    SEEDS[language].flatMap((seed) => rowsOf(generateFrameHome(seed, language))),
  );
}

function rowsOf(home: FrameHome): FrameRow[] {
  const { language } = home;
  const frames = language === 'en' ? ENGLISH : GERMAN;
  const rows: FrameRow[] = [];
  const row = (
    text: string,
    family: FrameFamily,
    frame: string,
    answer: string | undefined,
    safeguard?: FrameRow['safeguard'],
  ) =>
    rows.push({
      text,
      home: home.home,
      request: buildHaRequest(home.home, { userText: text, era: '2026' }),
      withoutModel: answer === undefined ? TO_MODEL : { answer },
      withModel: [],
      language,
      family,
      frame,
      ...(safeguard === undefined ? {} : { safeguard }),
    });
  // The fan's name is shared by two devices: one question of each frame about it.
  const devices = home.devices.filter(
    (device, index, all) => all.findIndex((other) => other.entity.name === device.entity.name) === index,
  );
  // A kind with a device in every area is asked every third frame per device (in turn), to keep the suite quick.
  const perKind = new Map<DeviceKind, number>();
  for (const device of devices) {
    const nth = perKind.get(device.kind) ?? 0;
    perKind.set(device.kind, nth + 1);
    const isShared = devices.filter((other) => other.kind === device.kind).length > 2;
    for (const [index, frame] of (frames[device.kind] ?? []).entries()) {
      if (isShared && (index + nth + home.seed) % 3 !== 0) continue;
      const named = { ...device, areaIn: device.area === undefined ? '' : inOf(home, device.area) };
      const answer = frame.answer(named);
      const safeguard =
        frame.safeguard ??
        (answer === undefined && frame.family !== 'uncovered'
          ? device.twin !== undefined
            ? 'several'
            : 'silent'
          : undefined);
      row(frame.say(named), frame.family, frame.name, answer, safeguard);
    }
  }
  for (const frame of WEATHER_FRAMES[language]) {
    const answer = frame.answer(home.weather);
    row(
      frame.text,
      frame.family,
      frame.name,
      answer,
      answer === undefined && frame.family !== 'uncovered' ? 'no-state' : undefined,
    );
  }
  const lights = home.devices.filter((device) => device.kind === 'light').map((device) => device.entity);
  for (const frame of LIGHTS_FRAMES[language])
    row(frame.text, frame.family, frame.text, lightsAnswer(lights, frame.question, frame.asked, language));
  // Half the uncovered questions per home, in turn.
  for (const [index, text] of UNCOVERED[language].entries())
    if ((index + home.seed) % 2 === 0) row(text, 'uncovered', text, undefined);
  return rows;
}

function inOf(home: FrameHome, name: string): string {
  return home.areas.find((item) => item.name === name)!.in;
}
