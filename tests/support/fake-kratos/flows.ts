import { randomInt, randomUUID } from "node:crypto";
import { errorReply, type Reply } from "./errors";
import { csrfNode, inputNode, nodeKey, uiText, type UiNode, type UiText } from "./messages";

/** Self-service flows (all of type `api`): their state, and the JSON + UI nodes Kratos renders for them. */

export type FlowKind = "login" | "registration" | "recovery" | "verification" | "settings";

export type IssuedCode = { value: string; expiresAt: Date; identityId: string; address: string; used: boolean };

export type Flow = {
  id: string;
  kind: FlowKind;
  issuedAt: Date;
  expiresAt: Date;
  state: string;
  messages: UiText[];
  nodeMessages: Record<string, UiText[]>;
  /** Values echoed back into the form after a failed submission. */
  values: Record<string, unknown>;
  transientPayload?: Record<string, unknown>;
  continueWith?: unknown[];
  refresh?: boolean;
  /** Login: aal2 asks the session's second factor. */
  requestedAal?: "aal1" | "aal2";
  /** Settings: the TOTP key this flow offers (Kratos's internal context), until confirmed. */
  totpKey?: { secret: string; url: string };
  /** Settings: recovery codes generated, shown, not yet confirmed. */
  pendingLookupCodes?: string[];
  /** Settings flows belong to one identity. */
  identityId?: string;
  /** Recovery and verification: the current code and how many codes were submitted to this flow. */
  code?: IssuedCode;
  submitCount: number;
};

const initialState: Record<FlowKind, string> = {
  login: "choose_method",
  registration: "choose_method",
  recovery: "choose_method",
  verification: "choose_method",
  settings: "show_form",
};

const expiredMessageId: Partial<Record<FlowKind, number>> = {
  login: 4010001,
  registration: 4040001,
  recovery: 4060005,
  verification: 4070005,
};

export class FlowStore {
  private readonly flows = new Map<string, Flow>();

  constructor(
    private readonly now: () => Date,
    private readonly lifespanMs: Record<FlowKind, number>,
  ) {}

  create(kind: FlowKind, fields: Partial<Flow> = {}): Flow {
    const issuedAt = this.now();
    const flow: Flow = {
      id: randomUUID(),
      kind,
      issuedAt,
      expiresAt: new Date(issuedAt.getTime() + this.lifespanMs[kind]),
      state: initialState[kind],
      messages: [],
      nodeMessages: {},
      values: {},
      submitCount: 0,
      ...fields,
    };
    this.flows.set(flow.id, flow);
    return flow;
  }

  get(kind: FlowKind, id: string | null): Flow | undefined {
    const flow = id ? this.flows.get(id) : undefined;
    return flow?.kind === kind ? flow : undefined;
  }

  isExpired(flow: Flow): boolean {
    return flow.expiresAt <= this.now();
  }

  /**
   * 410 `self_service_flow_expired`: Kratos answers with a fresh flow's id (`use_flow_id`) that carries
   * the "expired" message; recovery also points at it through `continue_with`.
   */
  expired(flow: Flow, extra: Partial<Flow> = {}): Reply {
    const now = this.now();
    const minutes = (now.getTime() - flow.expiresAt.getTime()) / 60_000;
    const messageId = expiredMessageId[flow.kind];
    const replacement = this.create(flow.kind, extra);
    if (messageId) {
      const message = uiText(messageId, {
        expired_at: flow.expiresAt.toISOString(),
        expired_at_unix: Math.floor(flow.expiresAt.getTime() / 1000),
      });
      // The catalogue's example text was rendered for a flow expired 1.00 minutes ago.
      replacement.messages = [{ ...message, text: message.text.replace("1.00", minutes.toFixed(2)) }];
    }
    const since = (now.getTime() - flow.expiresAt.getTime()) * 1_000_000; // Go durations are nanoseconds.
    const body: Record<string, unknown> = {
      use_flow_id: replacement.id,
      expired_at: flow.expiresAt.toISOString(),
      since,
    };
    if (flow.kind === "recovery") body.continue_with = [{ action: "show_recovery_ui", flow: { id: replacement.id } }];
    return errorReply(
      410,
      `The ${flow.kind} flow has expired. Call the ${flow.kind} flow init API endpoint to initialize a new ${flow.kind} flow.`,
      {
        id: "self_service_flow_expired",
        message: "The requested resource is no longer available",
        extra: body,
      },
    );
  }
}

const title = (name: string, text: string) => uiText(1070002, { name, title: text });

function nodesOf(flow: Flow): UiNode[] {
  const v = flow.values;
  switch (flow.kind) {
    case "login":
      if (flow.requestedAal === "aal2") {
        return [
          csrfNode(),
          inputNode("totp", "totp_code", "text", {
            required: true,
            label: uiText(1010006),
            autocomplete: "one-time-code",
          }),
          inputNode("totp", "method", "submit", { value: "totp", label: uiText(1010009) }),
          inputNode("lookup_secret", "lookup_secret", "text", { required: true, label: uiText(1010007) }),
          inputNode("lookup_secret", "method", "submit", { value: "lookup_secret", label: uiText(1010010) }),
        ];
      }
      return [
        csrfNode(),
        inputNode("default", "identifier", "text", {
          value: v.identifier ?? "",
          required: true,
          label: uiText(1070004),
        }),
        inputNode("password", "password", "password", {
          required: true,
          label: uiText(1070001),
          autocomplete: "current-password",
        }),
        inputNode("password", "method", "submit", { value: "password", label: uiText(1010001) }),
      ];
    case "registration":
      return [
        csrfNode(),
        inputNode("default", "traits.email", "email", {
          value: v["traits.email"],
          required: true,
          label: title("traits.email", "E-mail"),
          autocomplete: "email",
        }),
        inputNode("default", "traits.name.first", "text", {
          value: v["traits.name.first"],
          label: title("traits.name.first", "First name"),
        }),
        inputNode("default", "traits.name.last", "text", {
          value: v["traits.name.last"],
          label: title("traits.name.last", "Last name"),
        }),
        inputNode("password", "password", "password", {
          required: true,
          label: uiText(1070001),
          autocomplete: "new-password",
        }),
        inputNode("password", "method", "submit", { value: "password", label: uiText(1040001) }),
      ];
    case "recovery":
    case "verification":
      if (flow.state === "choose_method") {
        return [
          csrfNode(),
          inputNode("code", "email", "email", {
            value: v.email,
            required: true,
            label: uiText(1070007),
            autocomplete: "email",
          }),
          inputNode("code", "method", "submit", { value: "code", label: uiText(1070005) }),
        ];
      }
      if (flow.state === "passed_challenge") return [csrfNode()];
      return [
        csrfNode(),
        {
          ...inputNode("code", "code", "text", {
            required: true,
            label: uiText(flow.kind === "recovery" ? 1070010 : 1070011),
          }),
          attributes: {
            name: "code",
            type: "text",
            required: true,
            pattern: "[0-9]+",
            maxlength: 6,
            disabled: false,
            node_type: "input",
          },
        },
        inputNode("code", "method", "hidden", { value: "code" }),
        inputNode("code", "method", "submit", {
          value: "code",
          label: uiText(flow.kind === "recovery" ? 1070009 : 1070005),
        }),
        inputNode("code", "email", "submit", { value: v.email, label: uiText(1070008) }),
      ];
    case "settings":
      return [
        csrfNode(),
        inputNode("password", "password", "password", {
          required: true,
          label: uiText(1070001),
          autocomplete: "new-password",
        }),
        inputNode("password", "method", "submit", { value: "password", label: uiText(1070003) }),
      ];
  }
}

/** The flow model (`loginFlow`, `recoveryFlow`, …); omitempty fields are left out, never `null`. */
export function flowJson(
  flow: Flow,
  baseUrl: string,
  extra: Record<string, unknown> = {},
  moreNodes: UiNode[] = [],
): Record<string, unknown> {
  const nodes = [...nodesOf(flow), ...moreNodes].map((node) => ({
    ...node,
    messages: flow.nodeMessages[nodeKey(node)] ?? [],
  }));
  const json: Record<string, unknown> = {
    id: flow.id,
    type: "api",
    expires_at: flow.expiresAt.toISOString(),
    issued_at: flow.issuedAt.toISOString(),
    request_url: `${baseUrl}/self-service/${flow.kind}/api`,
    state: flow.state,
    ui: {
      action: `${baseUrl}/self-service/${flow.kind}?flow=${flow.id}`,
      method: "POST",
      nodes,
      ...(flow.messages.length > 0 ? { messages: flow.messages } : {}),
    },
    ...extra,
  };
  if (flow.kind === "login")
    Object.assign(json, { refresh: flow.refresh ?? false, requested_aal: flow.requestedAal ?? "aal1" });
  if (flow.transientPayload) json.transient_payload = flow.transientPayload;
  if (flow.continueWith) json.continue_with = flow.continueWith;
  return json;
}

/** Six digits, as Kratos's code strategy issues them. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}
