// lib/loop/openai-config.ts: `--model openai:NAME` and the environment → where the model is and the key; every
// mistake is one ModelConfigError line saying what to set; the key is redacted from every text handed on.
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../lib/core/errors.js";
import { configFromEnv, DEFAULT_BASE_URL, displayUrl, ModelConfigError, parseModelSpec, redactor } from "../../lib/loop/openai-config.js";

const KEY = "sk-test-4f9a2c1e8b7d6a5f";

describe("parseModelSpec", () => {
  it("openai:NAME gives NAME (which may hold a colon or slash)", () => {
    expect(parseModelSpec("openai:gpt-4o-mini")).toBe("gpt-4o-mini");
    expect(parseModelSpec("openai:qwen2.5-coder:7b")).toBe("qwen2.5-coder:7b");
    expect(parseModelSpec("openai:org/model")).toBe("org/model");
  });

  it.each(["gpt-4", "openai:", "openai:two words", "OpenAI:m", ""])("%j is a ModelConfigError naming --model", (spec) => {
    expect(() => parseModelSpec(spec)).toThrow(ModelConfigError);
    expect(() => parseModelSpec(spec)).toThrow(`--model must be openai:NAME, the name of a model the server knows (got ${JSON.stringify(spec)})`);
  });
});

describe("configFromEnv", () => {
  it("needs a key and a usable URL and model spec", () => {
    expect(() => configFromEnv("openai:m", {})).toThrow(/set OPENAI_API_KEY/);
    expect(() => configFromEnv("openai:m", { OPENAI_API_KEY: "  " })).toThrow(ModelConfigError);
    expect(() => configFromEnv("gpt-4", { OPENAI_API_KEY: "k" })).toThrow(/--model must be openai:NAME/);
    expect(() => configFromEnv("openai:m", { OPENAI_API_KEY: "k", OPENAI_BASE_URL: "nope" })).toThrow(/OPENAI_BASE_URL is not a URL/);
    expect(() => configFromEnv("openai:m", { OPENAI_API_KEY: "k", OPENAI_BASE_URL: "ftp://x/v1" })).toThrow(/http:\/\/ or https:\/\//);
    expect(() => configFromEnv("openai:m", { OPENAI_API_KEY: "k", OPENAI_BASE_URL: "http://u:p@127.0.0.1/v1" })).toThrow(/user or password/);
    expect(configFromEnv("openai:m", { OPENAI_API_KEY: "k" }).baseUrl).toBe("https://api.openai.com/v1");
  });

  it("keeps the model and the key; trims the URL's blanks and trailing slashes; a blank URL is the default", () => {
    expect(configFromEnv("openai:llama", { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: "  http://127.0.0.1:11434/v1///  " })).toEqual({
      baseUrl: "http://127.0.0.1:11434/v1",
      model: "llama",
      apiKey: KEY,
    });
    expect(configFromEnv("openai:m", { OPENAI_API_KEY: "k", OPENAI_BASE_URL: " " }).baseUrl).toBe(DEFAULT_BASE_URL);
  });

  it("every error is one line and never holds the key", () => {
    for (const env of [{ OPENAI_API_KEY: KEY, OPENAI_BASE_URL: "nope" }, { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `http://x:${KEY}@h/v1` }, {}]) {
      const err = (() => {
        try {
          configFromEnv("openai:m", env);
        } catch (e) {
          return e as Error;
        }
        throw new Error("configFromEnv accepted a bad environment");
      })();
      expect(err).toBeInstanceOf(ModelConfigError);
      expect(err.name).toBe("ModelConfigError");
      expect(err.message).not.toContain("\n");
      expect(err.message).not.toContain(KEY);
    }
  });

  it("a ModelConfigError folds a multi-line message onto one line", () => {
    expect(new ModelConfigError("first\n   second\nthird").message).toBe("first second third");
  });
});

describe("redactor and displayUrl", () => {
  it("redacts the key and bearer tokens", () => {
    const r = redactor(KEY);
    expect(r(`bad key ${KEY}; Authorization: Bearer abc.def`)).toBe("bad key [redacted]; Authorization: Bearer [redacted]");
  });

  it("every occurrence; a key under 4 characters is not searched for (it would eat ordinary text), bearer tokens still are", () => {
    expect(redactor(KEY)(`${KEY}${KEY} "${KEY}"`)).toBe('[redacted][redacted] "[redacted]"');
    expect(redactor("ab")("about ab, Bearer ab")).toBe("about ab, Bearer [redacted]");
    expect(redactor("")("bearer  tok,x")).toBe("Bearer [redacted],x");
  });

  it("a secret that is not a string is a WorkbenchInputError", () => {
    expect(() => redactor(42 as never)).toThrow(WorkbenchInputError);
    expect(() => redactor(42 as never)).toThrow("redactor: secret must be a string (got 42)");
  });

  it("displayUrl drops the query string (where some servers take a key) and a trailing slash", () => {
    expect(displayUrl(`http://127.0.0.1:8080/v1/?api-key=${KEY}`)).toBe("http://127.0.0.1:8080/v1");
    expect(displayUrl("https://api.openai.com/v1")).toBe("https://api.openai.com/v1");
    expect(displayUrl("https://h/")).toBe("https://h");
  });
});
