/**
 * The misconception catalogue in Chinese, in the glossary's terms (docs/glossary.md). `en` is the hash of the
 * English title and explanation each entry translates (translations.ts, `englishHash`); the test fails when the
 * English changes until the Chinese is reviewed and its hash renewed.
 */
import type { Translation } from "./types.js";

export const MISCONCEPTIONS_ZH: Readonly<Record<string, Translation>> = {
  "01-dangling-dropped": {
    en: "9391431f24f7b9ad",
    title: "丢掉了悬空质量",
    explanation:
      "这一步加上了 (1−α)·p(v) 和沿边传出的份额，却漏了 α·d_t·p(v)。停在无出边文件上的排名无处可去，每迭代一步总质量都会跌破 1（在 A→B 上，r_A 最后约为 0.15，而不是 0.5405）。",
  },
  "01-dangling-uniform": {
    en: "e24c9da24b054de6",
    title: "悬空质量被平均分给所有文件，而不是送回个性化分布",
    explanation:
      "悬空质量保住了，却像普通 PageRank 那样平分给每个文件（α·d_t/N）。总和仍是 1，但个性化没了：种子页把它按个性化分布 p(v) 送回，落到用户关心的文件上。",
  },
  "01-out-degree-count": {
    en: "b6c5245df8c02651",
    title: "边的份额除以出边条数，而不是出边权重之和",
    explanation:
      "每条边传出 α·r(u)·w/k(u)，其中 k(u) 是 u 的出边条数；种子页除以的是 out(u) = Σ w。边权不全为 1 时，一个文件传出的份额加起来不再等于 α·r(u)，排名也就不再归一。",
  },
  "01-dangling-normalised": {
    en: "400470a855d8cd03",
    title: "把排名重新归一到 1，而不是送回悬空质量",
    explanation:
      "这一步先丢掉悬空质量，再把每个排名除以总和，让总和重新等于 1。这相当于按各文件已有的份额等比放大；种子页则把流失的 α·d_t 经个性化分布 p(v) 送回，让它落在个性化偏向的文件上。",
  },
  "01-residual-first-step": {
    en: "4eb2927e6dd70526",
    title: "残差取了第一步的，而不是最后一步的",
    explanation:
      "排名本身没错，但 residualL1 是第一轮迭代的 L1 变化量（只算了一次，或之后没有更新）。种子页的 residual_l1 是最后一步的变化量，迭代越趋稳定它越小。",
  },
  "01-iteration-leaks": {
    en: "fb3d5b5653f5830a",
    title: "迭代时没有悬空项（排名总和不为 1）",
    explanation:
      "每一步都丢掉悬空质量，迭代结束后排名之和小于 1：它已不是概率分布，而且主要被悬空质量多的那部分图引用的文件，排名会被压低。",
  },
  "01-iteration-uniform": {
    en: "35c69d32a4306166",
    title: "迭代时把悬空质量平均分给所有文件",
    explanation:
      "迭代用的那一步把悬空质量平分给全部文件，而不是按个性化分布送回：总和是 1，但收敛到的是普通 PageRank 的不动点，不是种子页算的个性化排名。",
  },
  "01-iteration-normalised": {
    en: "ffe440e00d553fc6",
    title: "迭代时把排名重新归一，而不是送回悬空质量",
    explanation:
      "每一步都丢掉悬空质量，再把排名缩放到总和为 1。总和对了，但质量是按各文件现有排名的比例分出去的，没有经个性化分布送回，所以不动点不是种子页的那个。",
  },
  "02-cost-strictly-less": {
    en: "ac94ba79987925fd",
    title: "只有成本 < 剩余预算才收下符号（应为 ≤）",
    explanation:
      "遍历只在 cost < remaining 时收下符号，于是刚好用完预算的符号被拒，前缀提前一个符号结束。种子页的规则是 cost ≤ remaining：token预算可以用到最后一个。",
  },
  "02-skip-and-go-on": {
    en: "0741ad66186ff743",
    title: "放不下的符号被跳过，遍历继续往下",
    explanation:
      "遇到放不下的符号时，代码跳过它，继续收下后面更便宜的符号（贪心背包）。种子页取的是排名的严格前缀，在第一个放不下的符号处停止：不会出现排名靠前的符号落选、靠后的反而入选。",
  },
  "02-skip-strictly-less": {
    en: "c1ec17c37bca6c96",
    title: "跳过继续，并且用成本 < 剩余预算",
    explanation: "两个错误同时出现：放不下的符号被跳过而不是结束前缀，刚好用完预算的符号也被当成放不下。",
  },
  "02-share-not-divided": {
    en: "df9e9ec74d96795c",
    title: "文件的排名整份给了每条边（没有除以 out(src)）",
    explanation:
      "每条边加的是 r(src)·w，而不是 r(src)·w / out(src)：引用多的文件分出去的排名比它拥有的还多，于是忙碌文件用到的符号权重过高，符号重要度之和也不再等于分出去的排名。",
  },
  "02-ties-utf16": {
    en: "0d82ca87cb27b2c4",
    title: "并列时按 JavaScript 的字符串顺序（UTF-16 码元）排，而不是 Python 的（码点）",
    explanation:
      "重要度相同的符号用字符串的 < 排序，比较的是 UTF-16 码元：含增补平面字符（如 emoji）的名字会排在含 U+FF5E 的名字之前，而 Python 的元组顺序把它排在后面。",
  },
  "03-tolerance-inclusive": {
    en: "6b8c730a2b153105",
    title: "把 ±15 % 容差当成闭区间（err ≤ 0.15）",
    explanation:
      "与预算恰好相差 15 % 的一次试渲染被当作足够接近，搜索就此结束。Aider 的判断是 pct_err < 0.15，严格小于：恰好超出 15 % 不被接受，搜索继续。",
  },
  "03-hard-limit": {
    en: "26b09f30fa4f0b13",
    title: "把预算当成硬上限（只接受不超预算的地图）",
    explanation:
      "只有 t ≤ M 的地图才能结束搜索。Aider 接受偏差在 15 % 以内的地图，上下两侧都算，所以它的仓库地图最多可以超出 map-tokens 15 %——每个标签 20 个 token 时，1024 的预算下它取了 55 个标签（1100 token）。",
  },
  "03-bounds-off-by-one": {
    en: "fdbdc9c8e0e4dcbc",
    title: "二分搜索的边界差一（循环条件写成 lo < hi）",
    explanation:
      "循环在 lo = hi 时就停了，少试渲染一次：最后一个候选前缀从未被测量，搜索可能错过 Aider 找到的地图，甚至一个也找不到。Aider 的循环条件是 lo ≤ hi。",
  },
  "03-no-early-stop": {
    en: "b04b0d5030c763cd",
    title: "试渲染已在容差内，搜索却没有停",
    explanation:
      "落在 15 % 以内的试渲染被记下，但搜索还在继续，之后可能被另一次结果替换。在 Aider 中，第一次落在 15 % 以内的试渲染就是答案：循环在那里 break。",
  },
  "03-plain-binary-search": {
    en: "24ae85443c8c5f5e",
    title: "用普通二分搜索找预算内最大的前缀",
    explanation:
      "搜索从区间中点开始试，保留能放进预算的最大 k，就像教科书里的二分搜索。Aider 从 M / 25 个标签的估计值起步，遇到第一个落在预算 ±15 % 以内的地图就停，哪怕它超出预算：渲染次数更少，地图最多可能超出 15 %。",
  },
  "04-last-match": {
    en: "6d74b5c46b9201be",
    title: "替换了最后一个精确匹配，而不是第一个",
    explanation:
      "SEARCH 出现多次时，编辑落在了最后一处。种子页（以及 Aider）替换的是第一个与 SEARCH 相等的窗口；matchCount 报告共有几处，但只改第一处。",
  },
  "04-indent-before-exact": {
    en: "f2574edfda4a9bf9",
    title: "按位置逐个窗口尝试精确或缩进匹配，靠前的缩进匹配压过了靠后的精确匹配",
    explanation:
      "每个窗口都先试精确匹配、再试缩进匹配，然后才看下一个窗口。种子页先在整段文本里找精确匹配，一处都没有时才回退到缩进匹配。",
  },
  "04-nonuniform-indent": {
    en: "a47f0267f5eca30b",
    title: "接受了不统一的缩进",
    explanation:
      "每行 SEARCH 都可以有各自的前导空白，找到的第一处就被返回。种子页要求所有行缺少同一个前缀：各行缺的缩进不一样时不算匹配，因为再用一个前缀给 REPLACE 补缩进会改变代码结构。",
  },
  "04-blanks-unchecked": {
    en: "30127228bf3f1a38",
    title: "SEARCH 中的空行没有和原文对照",
    explanation:
      "SEARCH 的空行被直接跳过，不看它对着的那一行，于是 SEARCH 里的一个空行能匹配任何一行代码。种子页要求 SEARCH 的空行必须对着原文的空行。",
  },
  "04-matches-not-overlapping": {
    en: "72f9455a81c3d04d",
    title: "查找匹配时不允许重叠（扫描跳过了每个匹配）",
    explanation:
      "在 i 处找到匹配后，扫描从 i + len(SEARCH) 继续，就像在文本中找互不重叠的出现。其实每个各行都相等的起点都是一个匹配，重叠的也算，matchCount 要把它们全数进去。",
  },
  "04-ambiguous-refused": {
    en: "e749012eb73f7320",
    title: "拒绝有歧义的 SEARCH（出现多次就不编辑）",
    explanation:
      "SEARCH 出现多次时，编辑被拒绝，原文不变——这是要求唯一匹配的工具（如 SWE-agent）的做法。种子页的模型和 Aider 一样，替换第一处，并报告一共出现了几次。",
  },
  "04-trimend-lines": {
    en: "7ee73587b151dce9",
    title: "比较行之前做了 trimEnd（忽略行尾空白和换行符）",
    explanation:
      "去掉行尾空白后再比较，于是 `a\\r\\n` 能匹配 `a\\n`，`x = 1  ` 能匹配 `x = 1`。种子页比较的是整行，连同换行符：只有缩进回退会放宽，而且只放宽统一缺失的前缀。",
  },
  "05-checkpoint-union": {
    en: "3c62db30d8a0aae3",
    title: "把 D ∪ E 当作检查点",
    explanation:
      "编辑前的提交收进了所有脏文件和所有将被编辑的文件。与本轮无关的改动（D \\ E）被卷进 Aider 的提交，而干净的文件本来就没有什么要保护。检查点是 D ∩ E：用户自己对即将被编辑的那些文件所做的改动。",
  },
  "05-checkpoint-all-dirty": {
    en: "50f99f55e49425ce",
    title: "把全部 D 当作检查点（`git commit -a` 的直觉）",
    explanation:
      "编辑前的提交像 `git commit -a` 那样收进了所有脏文件。用户与本轮无关的工作（D \\ E）因此被卷进一个与它毫不相干的 Aider 提交。检查点是 D ∩ E：只收本轮即将编辑的脏文件，D \\ E 保持不动。",
  },
  "05-checkpoint-difference": {
    en: "1540805c32e134e9",
    title: "把 D − E 当作检查点",
    explanation:
      "编辑前的提交收进的是本轮不编辑的脏文件：它提交了用户无关的工作，却让将被编辑的脏文件失去保护——恰好与检查点相反，检查点是 D ∩ E。",
  },
  "05-dry-run-ignored": {
    en: "7046f316888cc812",
    title: "忽略了 dry-run",
    explanation:
      "打开 dryRun 后，计划仍在编辑前后各提交一次。试运行不写任何文件，所以 Aider 根本不提交：两个列表都为空，将被编辑的脏文件列为没有检查点保护。",
  },
  "05-dirty-commits-ignored": {
    en: "20458681d1309d0f",
    title: "忽略了 dirty-commits",
    explanation:
      "关闭 dirtyCommits 后，计划仍在编辑前为 D ∩ E 建立检查点。这个开关的作用正是关掉检查点：编辑后的自动提交照常，将被编辑的脏文件则不受保护。",
  },
  "05-utf16-order": {
    en: "dcf5b7eb5bb7a4bd",
    title: "列表没有按码点排序（用了 JavaScript 的默认排序）",
    explanation:
      "列表用 JavaScript 的默认排序，按 UTF-16 码元比较：含 emoji 的名字会排在含 U+FF5E 的名字之前。Python 按码点给字符串排序，而计划必须与 Aider 的结果一字不差。",
  },
  "06-empty-is-success": {
    en: "c54f769be74fed3c",
    title: "把空结果当成成功",
    explanation:
      "某一步把文件清空后返回 \"\"，回退链就停在那里。Aider 检查的是每个结果的真假值：在 Python 中 \"\" 为假，所以回退链会继续尝试下一步（也可能最后一步都没成功）。",
  },
  "06-skip-blank-any-length": {
    en: "b73d300ed28e4f49",
    title: "不论 SEARCH 多长，都去掉开头的空行重试",
    explanation:
      "去掉 SEARCH 开头空行的那次重试，不管 SEARCH 有几行都会执行。Aider 只在 SEARCH 超过 2 行时去掉开头的一个空行，所以以空行开头的短 SEARCH 不会重试。",
  },
  "06-trim-not-strip": {
    en: "046c52909419c2af",
    title: "用 JavaScript 的 trim() 而不是 Python 的 strip() 判断空行",
    explanation:
      "trim() 与 strip() 的结果并不一致：strip() 会去掉 \\x1c–\\x1f，却不去 U+FEFF（BOM），trim() 恰好相反。SEARCH 第一行只含这些字符时，一个认为它是空行，另一个不认为，于是重试时做时不做。",
  },
  "06-dots-before-blank": {
    en: "634a4c37bb54dd93",
    title: "`...` 在去开头空行的重试之前就试了",
    explanation:
      "回退链的顺序是固定的：精确匹配、前导空白，再把这两步在去掉开头空行后各试一遍，最后才是 `...`。提前尝试 `...`，会把 Aider 由 skip_leading_blank 重试得到的结果归到 dotdotdots 名下。",
  },
  "07-utf16-length": {
    en: "3ba648f57388e47c",
    title: "长度按 UTF-16 码元算（JavaScript 的 .length），而不是码点",
    explanation:
      "Python 的 len 数的是码点；JavaScript 的 .length 数的是 UTF-16 码元，一个 emoji 算两个。于是 200 的阈值过早越过，对 BMP 以外的文本，缩放系数 len(text)/len(sample) 也不对。",
  },
  "07-scaled-by-lines": {
    en: "f006eb4dde22681d",
    title: "样本按行数放大，而不是按长度",
    explanation:
      "估计值是 tokens(sample) / lines(sample) · lines(text)。Aider 按码点长度放大：tokens(sample) / len(sample) · len(text)，所以长行和短行按各自包含的文本量计权。",
  },
  "07-newline-only": {
    en: "b32630ced3e2081d",
    title: "只按 \\n 分行，而不是 Python 的 splitlines",
    explanation:
      "Python 的 splitlines 还会在 \\r、\\r\\n、\\x0b、\\x0c、\\x1c–\\x1e、\\x85、\\u2028 和 \\u2029 处断行，所以对用到它们的文本，行数、步长和样本都会不同。",
  },
  "07-step-rounded-up": {
    en: "83b7f16654a61ff4",
    title: "步长取 ⌈行数 / 100⌉ 而不是 ⌊行数 / 100⌋",
    explanation:
      "步长向上取整后，抽样的行比 Aider 少（150 行时每隔一行取一行，而不是每行都取），估计值也就变了。Aider 的步长是 len(lines) // 100，为 0 时取 1。",
  },
  "08-partial-not-written": {
    en: "28499ec46d697a4c",
    title: "预测部分失败的回复中成功的编辑不会写入",
    explanation:
      "一条回复中有的块匹配上、有的没有时，Aider 仍会写入匹配上的块，再把失败的块反馈给模型。预测为一处都不写，等于把回复当成全有或全无——它不是，这正是部分应用。",
  },
  "08-provider-not-a-failure": {
    en: "3a332eefb0d015dd",
    title: "失败列表里漏掉了服务商错误",
    explanation:
      "客户端会重试的限流、网络或服务器错误，仍是一次 provider 类的失败，每次失败的调用记一条；它不是一次反思，但要列进失败列表。这份预测把它们漏掉了。",
  },
  "08-retry-counted-as-request": {
    en: "f2e1418664f3c2ef",
    title: "服务商的每次重试都算成了一次新请求",
    explanation:
      "模型客户端在同一个请求（send_message）内部重试：只有循环发出一条消息——用户的或一次反思——请求数才会增加。把重试加进去，数的是模型调用次数，不是请求次数。",
  },
  "09-short-lines-dropped": {
    en: "2ff73116ac08a5d8",
    title: "丢掉了不足 2 个字符的行",
    explanation:
      "单独的 \"\\n\"（模型漏写了行首空格的空行）被跳过。Aider 把不足 2 个字符的行都当作上下文，它会同时出现在前后两段文本里，查找时仍需要这个空行。",
  },
  "09-unknown-op-as-context": {
    en: "92ef544c8b91f27e",
    title: "以其他字符开头的行被当作上下文",
    explanation:
      "既不以 ' '、'-' 也不以 '+' 开头的行（多出来的 '.' 或一个头部行）被同时保留在两段文本中。Aider 会忽略这些行：它们既不在修改前的文本里，也不在修改后的文本里。",
  },
  "09-tiny-any-count": {
    en: "aac943ca15c0a413",
    title: "所有过短的修改前文本一律拒绝，不管是否重复",
    explanation:
      "只要修改前的文本少于 10 个非空白字符就拒绝。Aider 只在这样短的文本在文件中出现不止一次时才拒绝：只出现一次的短文本照常应用。",
  },
  "09-tiny-raw-length": {
    en: "cf6377783aaec8b4",
    title: "10 个字符的计数包含了空白和换行",
    explanation:
      "大小按 len(before) 计算，连同缩进和换行符。Aider 先对修改前的每一行做 strip，再数剩下的字符，所以带缩进的短行即使原始文本超过 10 个字符，也算“过短”。",
  },
  "09-count-overlapping": {
    en: "2f0795e53bf82c7d",
    title: "出现次数按可重叠的方式计数",
    explanation:
      "重复次数用每次前进一个字符的 indexOf 循环来数。Python 的 str.count 数的是互不重叠的出现，所以对 Aider 来说 \"a\\na\\n\" 在 \"a\\na\\na\\n\" 中出现一次，这段代码却数出两次。",
  },
};
