import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../lib/core/errors.js";
import { chooseLang, displayWidth, isLang, padColumns, takeLangOption, translationHash } from "../../lib/core/lang.js";

describe("chooseLang", () => {
  it("takes the flag first, then WORKBENCH_LANG, then the locale, else English", () => {
    expect(chooseLang("en", { WORKBENCH_LANG: "zh", LANG: "zh_CN.UTF-8" })).toBe("en");
    expect(chooseLang(undefined, { WORKBENCH_LANG: "zh", LANG: "en_US.UTF-8" })).toBe("zh");
    expect(chooseLang(undefined, { WORKBENCH_LANG: "en", LANG: "zh_CN.UTF-8" })).toBe("en");
    expect(chooseLang(undefined, { LANG: "zh_CN.UTF-8" })).toBe("zh");
    expect(chooseLang(undefined, { LANG: "zh_TW" })).toBe("zh");
    expect(chooseLang(undefined, { LANG: "zh" })).toBe("zh");
    expect(chooseLang(undefined, {})).toBe("en");
  });

  it("reads the locale as POSIX does: LC_ALL over LC_MESSAGES over LANG, an empty one skipped", () => {
    expect(chooseLang(undefined, { LC_ALL: "C", LANG: "zh_CN.UTF-8" })).toBe("en");
    expect(chooseLang(undefined, { LC_ALL: "", LC_MESSAGES: "zh_CN.UTF-8", LANG: "en_US" })).toBe("zh");
    expect(chooseLang(undefined, { WORKBENCH_LANG: "", LANG: "zh_CN" })).toBe("zh");
  });

  it("never takes a locale that only starts with the letters zh for Chinese", () => {
    expect(chooseLang(undefined, { LANG: "zha_CN" })).toBe("en");
    expect(chooseLang(undefined, { LANG: "fr_FR.UTF-8" })).toBe("en");
  });

  it("refuses an explicit choice it has no text for, naming where it came from", () => {
    expect(() => chooseLang("fr", {})).toThrow(new WorkbenchInputError("chooseLang", "--lang", "must be one of en, zh", "fr"));
    expect(() => chooseLang(undefined, { WORKBENCH_LANG: "ZH" })).toThrow(/^chooseLang: WORKBENCH_LANG must be one of en, zh \(got "ZH"\)/);
  });

  it("isLang", () => {
    expect([isLang("en"), isLang("zh"), isLang("de"), isLang(1)]).toEqual([true, true, false, false]);
  });
});

describe("takeLangOption", () => {
  it("takes --lang X and --lang=X out of the arguments, the last one winning", () => {
    expect(takeLangOption(["01", "--lang", "zh", "--json", "-"])).toEqual({ args: ["01", "--json", "-"], lang: "zh" });
    expect(takeLangOption(["--lang=en", "01", "--lang=zh"])).toEqual({ args: ["01"], lang: "zh" });
    expect(takeLangOption(["01"])).toEqual({ args: ["01"], lang: undefined });
  });

  it("leaves what follows -- alone and refuses --lang without a value", () => {
    expect(takeLangOption(["a", "--", "--lang", "zh"])).toEqual({ args: ["a", "--", "--lang", "zh"], lang: undefined });
    expect(() => takeLangOption(["01", "--lang"])).toThrow(/--lang needs a value/);
    expect(() => takeLangOption(["--lang", "--json"])).toThrow(/--lang needs a value/);
  });
});

describe("displayWidth and padColumns", () => {
  it("counts CJK and full-width characters as two columns", () => {
    expect(displayWidth("status")).toBe(6);
    expect(displayWidth("状态")).toBe(4);
    expect(displayWidth("已完成 1/2，")).toBe(6 + 4 + 2);
    expect(displayWidth("─")).toBe(1);
  });

  it("pads to columns, not characters", () => {
    expect(padColumns("状态", 6)).toBe("状态  ");
    expect(padColumns("ab", 4, true)).toBe("  ab");
    expect(padColumns("练习练习", 4)).toBe("练习练习");
  });
});

describe("translationHash", () => {
  it("is the first 16 hex digits of the SHA-256 of the UTF-8 text (what the Chinese files record)", () => {
    // sha256("abc") = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
    expect(translationHash("abc")).toBe("ba7816bf8f01cfea");
    expect(translationHash("悬空质量")).toMatch(/^[0-9a-f]{16}$/);
    expect(translationHash("a\n")).not.toBe(translationHash("a"));
  });
  it("refuses what is not a string", () => {
    expect(() => translationHash(["a"] as unknown as string)).toThrow(/translationHash: text must be a string/);
  });
});
