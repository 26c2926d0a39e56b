import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "Hello" }];

export default function Index() {
  return (
    <main>
      <h1>Hello, world</h1>
    </main>
  );
}
