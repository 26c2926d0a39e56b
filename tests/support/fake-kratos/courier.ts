import { randomUUID } from "node:crypto";

/**
 * Kratos's courier with the HTTP delivery strategy: each message is POSTed as
 * `{recipient, template_type, template_data}` with the configured API-key header (name and value).
 */

export type TemplateType = "recovery_code_valid" | "verification_code_valid";

export type CourierMessage = {
  id: string;
  recipient: string;
  template_type: TemplateType;
  template_data: Record<string, unknown>;
  created_at: string;
  /** "sent" once the webhook answered 2xx; "failed" otherwise (or "queued" without a webhook). */
  status: "queued" | "sent" | "failed";
};

export class Courier {
  readonly messages: CourierMessage[] = [];

  constructor(
    private readonly now: () => Date,
    private readonly url?: string,
    private readonly key?: string,
    private readonly keyHeader = "Authorization",
  ) {}

  /**
   * Real Kratos delivers from a background queue; the fake delivers before the triggering request
   * answers, so a test can read the mail as soon as its call returns.
   */
  async send(recipient: string, template_type: TemplateType, template_data: Record<string, unknown>): Promise<void> {
    const message: CourierMessage = {
      id: randomUUID(),
      recipient,
      template_type,
      template_data,
      created_at: this.now().toISOString(),
      status: "queued",
    };
    this.messages.push(message);
    if (!this.url) return;
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (this.key) headers[this.keyHeader.toLowerCase()] = this.key;
    try {
      const response = await fetch(this.url, {
        method: "POST",
        headers,
        body: JSON.stringify({ recipient, template_type, template_data }),
        signal: AbortSignal.timeout(5_000),
      });
      await response.arrayBuffer();
      message.status = response.ok ? "sent" : "failed";
    } catch {
      message.status = "failed";
    }
  }
}
