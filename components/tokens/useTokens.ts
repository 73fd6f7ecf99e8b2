"use client";
/**
 * The Catalogue panel's only React glue: a pure reducer (lib/tokens/panel), the fetch (every exchange goes
 * through commands.sendFrame, so it lands on the timeline), and the bill requests to /api/tokens (commands.api).
 */
import { msg, type Msg } from "@/lib/i18n/translate";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useReducer, useRef } from "react";
import { say } from "@/lib/a11y/announce";
import { profileOf, selectTarget, targetHasProcess } from "@/lib/session";
import { billSentence, type Bill } from "@/lib/tokens/bill";
import type { Catalogue } from "@/lib/tokens/catalogue";
import { fetchCatalogue } from "@/lib/tokens/fetch";
import {
  initialPanelState,
  isEdited,
  panelReducer,
  selectCapabilities,
  type BillWhich,
  type PanelAction,
} from "@/lib/tokens/panel";
import type { BillOptions } from "@/lib/tokens/options";
import type { BillRequest } from "@/lib/tokens/request";
import type { PanelProps } from "../playground/types";

/** Debounce for bill requests while the user flips selectors or applies edits in quick succession. */
const BILL_DELAY_MS = 120;

type Api = PanelProps["commands"]["api"];

/** Bills `catalogue` on the server whenever it or the options change; a reply to an older request is dropped. */
function useBill(
  which: BillWhich,
  catalogue: Catalogue | undefined,
  options: BillOptions,
  api: Api,
  dispatch: (action: PanelAction) => void,
  seqRef: { current: number },
) {
  // The bill is heard in the language of the moment it arrives (a ref: a switch must not re-bill).
  const t = useTranslations();
  const locale = useLocale();
  const speech = useRef({ t, locale });
  useEffect(() => {
    speech.current = { t, locale };
  }, [t, locale]);
  useEffect(() => {
    if (!catalogue) return;
    const seq = ++seqRef.current;
    dispatch({ type: "bill/requested", which, seq });
    let current = true;
    const timer = setTimeout(async () => {
      const body: BillRequest = { catalogue, options };
      const reply = await api<Bill>("tokens", body);
      if (reply.ok) {
        dispatch({ type: "bill/finished", which, seq, bill: reply.value });
        // The bill the panel shows is heard (a baseline, only compared against, is not); a superseded one is dropped.
        if (which === "current" && current) say(billSentence(reply.value, speech.current.t, speech.current.locale));
      } else dispatch({ type: "bill/failed", which, seq, message: `${reply.kind}: ${reply.message}` });
    }, BILL_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [which, catalogue, options, api, dispatch, seqRef]);
}

/** "catalogue-1", "catalogue-2", … for one fetch. */
function catalogueIds(): () => string {
  let n = 0;
  return () => `catalogue-${++n}`;
}

export function useTokens({ state: session, dispatch: sessionDispatch, commands }: PanelProps) {
  const t = useTranslations();
  const [state, dispatch] = useReducer(panelReducer, undefined, initialPanelState);
  const seq = useRef(0);
  const view = selectTarget(session);

  const firstPageOnly = profileOf(session.envelope).emulation?.firstPageOnly === true;
  const fetch = useCallback(async () => {
    if (view.kind !== "ready") return;
    const caps = selectCapabilities(state, t);
    if (!caps.ok) return dispatch({ type: "fetch/failed", message: caps.error });
    dispatch({ type: "fetch/started", targetLabel: view.label });
    // Measure from a server that has heard nothing yet (the catalogue depends on the handshake), and let no
    // remembered legacy session ride along on the fetch's requests.
    if (view.transport === "http") sessionDispatch({ type: "session/forget", targetKey: view.key });
    if (targetHasProcess(view.target)) await commands.process("restart");
    try {
      const result = await fetchCatalogue(
        async (frame, extra) => {
          const label = extra?.label ?? "catalogue";
          const exchange = await commands.sendFrame(frame, {
            label,
            ...catalogueLabelMsg(label, extra?.labelMsg),
            headers: extra?.headers,
          });
          if (!exchange)
            throw new Error(`the bridge did not deliver "${extra?.label ?? frame.slice(0, 60)}"; see the timeline`);
          return exchange;
        },
        // Its own id range: the catalogue does not consume the editor's counter.
        {
          handshake: state.handshake,
          clientCapabilities: caps.value,
          transport: view.transport,
          target: view.label,
          nextId: catalogueIds(),
          firstPageOnly,
        },
      );
      if (result.ok)
        dispatch({ type: "fetch/finished", targetKey: view.key, targetLabel: view.label, catalogue: result.catalogue });
      else dispatch({ type: "fetch/failed", message: result.message });
    } catch (e) {
      dispatch({ type: "fetch/failed", message: (e as Error).message });
    }
  }, [view, state, commands, sessionDispatch, firstPageOnly, t]);

  useBill("current", state.catalogue, state.options, commands.api, dispatch, seq);
  // The fetched catalogue's bill is only needed to compare an edited one against.
  useBill("baseline", isEdited(state) ? state.source?.original : undefined, state.options, commands.api, dispatch, seq);

  return { state, dispatch, fetch, view };
}

/** A catalogue step's card label in the reader's language: the era probe's steps, then "catalogue: tools/list …". */
function catalogueLabelMsg(label: string, probeStep?: Msg): { labelMsg?: Msg } {
  if (probeStep) return { labelMsg: msg("probeSteps.named", { what: probeStep }) };
  const listing = /^catalogue:\s*(.*)$/.exec(label);
  return listing ? { labelMsg: msg("stepLabels.catalogue", { what: listing[1] }) } : {};
}
