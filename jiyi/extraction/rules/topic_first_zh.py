"""Chinese verdicts said of a topic named first, the way learners chat: "土耳其语太难了",
"数学一直拖后腿", "听力基本听不懂", "a 和 the 老是错", "指针一用就段错误", "git日常操作都熟",
"React hooks用得挺溜的", "大豆过敏".

One frame per kind of verdict, each reading a shared predicate lexicon, so a new way of saying
"I can't" or "I'm fine at it" is one lexicon entry, not one rule. The topic fragments (who holds
the view, where a topic starts, pointers that name nothing) are `struggles`'; whose view, tense
and questions are then read in context by `reading`.
"""

from __future__ import annotations

from jiyi.domain import EntityKind, EventType, RelationKind
from jiyi.extraction.rules.model import POSITIVE, Rule, rule
from jiyi.extraction.rules.struggles import (
    _ZH_ADV,
    _ZH_AGAIN,
    _ZH_AT_CLAUSE,
    _ZH_NOT_OTHERS,
    _ZH_PART,
    _ZH_PRED_END,
)

#: Adverbs of degree and hedges that sit between a topic and its verdict: "基本听不懂", "有点绕"
#: (a difficulty all the same), "好像老算错" (held weakly: the claim reader weighs the hedge).
_ZH_DEGREE = (
    r"(?:已经|早就|基本上?|几乎|比较|最|挺|蛮|很|太|超|巨|贼|好|特|都|也|还|算是?|是|就是|有一?点儿?|有些|"
    r"稍微|好像|可能|似乎|大概|感觉|现在|终于|总算)*"
)
#: Not there yet, or not quite: "快跟不上了", "要挂了", "不太会" (weak whatever the reader says).
_ZH_NOT_QUITE = r"(?:快要?|要|不太|不怎么)"
#: The side of a topic a verdict is about: "git日常操作都熟", "粤语听说都ok".
_ZH_ASPECT = (
    r"(?:(?:日常|基本|平时|简单的?)?(?:操作|使用|用法|聊天|对话|交流|阅读|计算)|"
    r"听说读写|听说|读写)?"
)
#: A topic said first: Chinese, or Latin words with spaces ("React hooks"); a leading
#: connective is left out ("但TS类型体操" names TS类型体操); a vague gathering ("那堆条约")
#: is left to `struggles`, which names it by the session's concept; no 的 or adverb inside
#: ("krebs cycle的ATP", "画完也").
_TOPIC = (
    rf"{_ZH_AT_CLAUSE}(?:但是?|可是|不过|而且|其实|还有|另外|倒是|就是|只是)?(?!(?:这|那)(?:一)?[章块里儿步题部类种样])"
    r"(?!一|光|只|太|好|很|有点|今天|昨天|最近|刚|如果|假如|要是|学|闭眼|谁|大家|我们|第[一二三四五六七八九十\d])"
    # a time word is never the topic ("春天简直要命", "回来这破积分又算不对")
    r"(?!现在|回来|后来|明天|周末|[春夏秋冬]天|早上|晚上|以前|之前|小时候|曾经|原来)"
    # an adverb or a verb of thinking is never the topic ("傻傻分不清", "觉得太难了")
    r"(?!傻傻|觉得|感觉|认为|发现|知道|想(?![象法])|是(?!非)|可能|应该)"
    r"(?P<object>(?:[A-Za-z][A-Za-z0-9+#.-]*\s){0,3}(?:(?![我你他她咱]|但是|可是|不过|所以|因为|然后|就是|"
    r"还是|真的|到底|了|反而|有点|一开始|刚开始|现在|[这那](?:堆|些|套|几个)|[的也都就还])[\u4e00-\u9fffA-Za-z0-9+#'-]){2,10}?)"
)
#: What a learner did before the verdict: "练了一个月还是发不出来", "背了三遍".
_ZH_TRIED = r"(?:[练学背看写读听刷做]了[^,.;:!?~\s]{0,6}?)?"
#: Between topic and verdict: its part, "我/对我来说", what was tried, adverbs.
_ZH_BRIDGE = (
    rf"(?:{_ZH_PART}\s?)?(?:\s?(?:我|对我来说|我的))?(?:这(?:礼拜|周|星期|几天|两天|阵子)|最近|现在|目前)?"
    # how it goes when done ("AE用得还不太熟"), or once it gets long ("shell脚本一长就写不动")
    r"(?:[用学写弹说做练读背算画唱]得|一[长多快难深]就)?"
    rf"{_ZH_ASPECT}{_ZH_TRIED}{_ZH_ADV}{_ZH_DEGREE}"
    rf"{_ZH_ADV}"
)

#: A result the learner cannot reach: "听不懂", "分不清", "发不出来", "配不平", "跟不上".
_ZH_CANT_REACH = (
    r"(?:[听看读写记背学搞弄算配发分想念说做解跟理转拼答划画量锯切刨对唱弹吹跳投踢判咬]|配合|反应|理解|区分|"
    r"掌握)不(?:太)?"
    r"(?:懂|清|住|会|出来|出|对|平|明白|下来|下去|上|进去|过来|通|好|顺|来|透|准|定|连贯|动)"
)
#: Said of a topic the learner is bad at, after it (the obstacle lexicon).
_ZH_FAILING = (
    rf"(?:{_ZH_CANT_REACH}|难死了?|难爆了?|难得要命|(?<=[太好超巨贼很点些])难|拖后腿|拖我后腿|"
    r"不过关|不及格|挂了|挂科|拉胯|拉垮|稀烂|一塌糊涂|(?<=[点太好很])差|差劲|(?<=[太好很])弱|"
    r"弱爆了|(?:我的)?短板|(?<=[全真实在根本])不行|(?<=[点太好很])绕|(?<=[最太好很超巨贼])(?:晕|懵|弱)|"
    r"(?<=[完全都还太么])不?会|(?<=[完全都还太么])不?懂|"
    r"(?:我的)?(?:天书|一团浆糊|一头雾水|一团乱麻|一锅粥|噩梦|老大难|死穴|软肋)|想不通|理解不了|"
    r"卡壳|卡住了|要命|(?<=还是|又是)老(?:问题|毛病)|"
    # more ways chat says it: "还是不行", "弱一点", "还不太熟", "没入门", "发怵", "劝退", "最大难点"
    r"(?<=[是直])不行|弱一点|不太熟|(?<=[还])不熟|(?:还)?没入门|发怵|劝退|云里雾里|磕磕绊绊|不得要领|反人类|"
    r"最大(?:的)?(?:难点|难题|拦路虎|绊脚石)|拦路虎)"
)
#: A slip said to recur, only after "老/总/又/还是": "老拼错", "总搞混", "又忘了", "还是晕".
_ZH_SLIPS = (
    r"(?:[拼算写读念用记搞弄背答做发判画划]?错|犯错|出错|丢分|搞混|弄混|[搞弄判写记看画]反|写成反(?:向|的)|混|晕|懵|"
    r"蒙圈|忘了|忘光了)"
)
#: A topic not ending in a word of the bridge ("物理快跟不上了" is the not-quite frame's, with
#: 物理 its topic) nor a finished act ("画完也记不住" is about drawing, not a topic).
_NOT_HEDGED = (
    r"(?<!完)(?<!快)(?<!要)(?<!不)(?<!有点)(?<!有些)(?<!好像)(?<!可能)(?<!感觉)"
    r"(?<!还)(?<!算)(?<!太)"
)
#: A failing, or a slip said to recur.
_ZH_FAILS = rf"(?:{_ZH_FAILING}|{_ZH_AGAIN}{_ZH_ADV}{_ZH_SLIPS})"
#: Said of a topic the learner is good at, after it (the mastery lexicon).
_ZH_FINE = (
    r"(?:没压力|没啥压力|没问题|没什么问题|没啥难度|(?<=来说)(?:一点)?[都也]?不难|(?<=[很挺都蛮])熟|熟练|用得?(?:挺|很|超|贼|蛮)?溜|"
    r"(?<=[很挺超贼蛮])溜|拿手|擅长|(?<=[都全还])(?:会|ok)|掌握了|搞懂了|弄懂了|学会了|"
    r"(?<=[很挺超最])稳|稳了|不用背|拿下了|搞定了|小case|小意思|门儿清|"
    # understood, learned whole, taken in: "假名基本认全了", "欧姆定律搞明白了", "公式背熟了"
    r"[弄搞整学]明白了|认全了|记全了|(?<=[都全])记住了|背熟了|吃透了|摸透了|学进去了)"
)
#: Said of a topic the learner is fair at, no more (weak): "英语还凑合", "SQL还算熟吧".
_ZH_FAIR = r"(?:还凑合|凑合|还行|还可以|还算熟|算熟|(?:基本)?算(?:是)?(?:掌握了|入门了?|会了))"
#: Not a question, not "is it hard?": a question mark or 吗 later in the sentence.
_ZH_NOT_ASKED = r"(?![^。.!]*(?:[?吗]|会不会|能不能|是不是|难不难))"
#: Nothing in the topic's clause asks: "德语会不会很难".
_NOT_ASKED_HERE = r"(?![^,.;:!?~\s]*(?:会不会|能不能|是不是|难不难))"
#: After a sudden difficulty: "一变形我就懵了", "一合手就乱", "一用就段错误".
_ZH_LOST = r"(?:懵|蒙|晕|乱|打结|卡住?|错|崩|慌|头大|头疼|不会了?|忘|傻眼|段错误|报错|出错)"
#: What people are allergic to, named first as a noun at a clause's start: "大豆过敏".
_ZH_ALLERGEN_FIRST = (
    rf"{_ZH_AT_CLAUSE}(?:对)?(?P<object>(?:(?![我你他她没不是有对])[\u4e00-\u9fffA-Za-z]){{1,6}}?)"
)

RULES: tuple[Rule, ...] = (
    rule(
        "struggle_zh_topic_failing",
        EventType.CONCEPT_CONFUSION,
        rf"{_ZH_NOT_OTHERS}{_NOT_ASKED_HERE}{_TOPIC}{_NOT_HEDGED}{_ZH_BRIDGE}{_ZH_FAILS}{_ZH_PRED_END}{_ZH_NOT_ASKED}",
        0.8,
        "话题在前、说自己不行在后：'土耳其语太难了'、'数学一直拖后腿'、'听力基本听不懂'、'拼音老拼错'。",
        ("土耳其语太难了 救命", "数学一直拖后腿", "听力基本听不懂", "普通话拼音老拼错"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"不|难|拖|挂|拉|烂|塌|差|弱|短板|绕|错|混|反|老问题|老毛病|天书|浆糊|雾水|乱麻|一锅粥|噩梦|死穴|软肋|"
        r"想不通|理解不了|卡|要命|晕|懵|蒙圈|忘|丢分|入门|发怵|劝退|云里雾里|磕磕绊绊|要领|反人类|难点|难题|拦路虎|绊脚石",
    ),
    rule(
        "struggle_zh_topic_not_quite_failing",
        EventType.CONCEPT_CONFUSION,
        rf"{_ZH_NOT_OTHERS}{_NOT_ASKED_HERE}{_TOPIC}{_ZH_BRIDGE}{_ZH_NOT_QUITE}{_ZH_ADV}{_ZH_DEGREE}"
        rf"(?:{_ZH_FAILS}|(?<=要)挂|(?<=[太么])会|(?<=太)懂){_ZH_PRED_END}{_ZH_NOT_ASKED}",
        0.45,
        "同上，但还没到那一步或不全是（弱）：'物理快跟不上了'、'数据结构要挂了'、'应用题不太会'。",
        ("物理快跟不上了", "数据结构要挂了", "数学应用题不太会"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"快|要|不太|不怎么",
    ),
    rule(
        "struggle_zh_topic_falls_apart",
        EventType.CONCEPT_CONFUSION,
        rf"{_ZH_NOT_OTHERS}{_NOT_ASKED_HERE}{_TOPIC}一(?!起|下子|直|定|样|般|共|切|点|些)"
        r"[\u4e00-\u9fffA-Za-z]{1,3}?(?:我|脑子|脑袋|手)?"
        rf"(?:就|都)(?:会)?{_ZH_LOST}{_ZH_NOT_ASKED}",
        0.8,
        "话题在前、一碰就乱：'三角函数公式一变形我就懵了'、'钢琴一合手就乱'、'指针一用就段错误'。",
        ("三角函数一变形我就懵了", "钢琴一合手就乱", "指针一用就段错误"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"一",
    ),
    rule(
        "mastery_zh_topic_fine",
        EventType.CONCEPT_MASTERY,
        rf"{_ZH_NOT_OTHERS}{_NOT_ASKED_HERE}{_TOPIC}{_NOT_HEDGED}{_ZH_BRIDGE}{_ZH_FINE}{_ZH_PRED_END}{_ZH_NOT_ASKED}",
        0.8,
        "话题在前、说自己行在后：'git日常操作都熟'、'React hooks用得挺溜'。",
        (
            "git日常操作都熟",
            "React hooks用得挺溜",
            "粤语听说都ok",
            "导数那章我已经掌握了",
            "假名我这礼拜基本认全了",
        ),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        object_required=True,
        trigger=r"压力|问题|难度|不难|熟|溜|拿手|擅长|会|ok|掌握|懂|稳|不用背|拿下|搞定|case|小意思|门儿清|"
        r"明白|全了|透了|进去|记住了",
    ),
    rule(
        "mastery_zh_topic_fair",
        EventType.CONCEPT_MASTERY,
        rf"{_ZH_NOT_OTHERS}{_NOT_ASKED_HERE}{_TOPIC}(?<!还)(?<!算){_ZH_PART}?(?:\s?我)?{_ZH_ASPECT}{_ZH_ADV}{_ZH_FAIR}"
        rf"(?:{_ZH_PRED_END}|(?=吧)){_ZH_NOT_ASKED}",
        0.45,
        "话题在前、说自己还行（弱）：'英语还凑合'、'SQL还算熟吧'、'导数那章我基本算掌握了吧'。",
        ("英语还凑合", "SQL还算熟吧", "导数那章我基本算掌握了吧"),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        object_required=True,
        trigger=r"凑合|还行|还可以|算",
    ),
    rule(
        "allergy_zh_named_first",
        EventType.PERSONAL_FACT,
        rf"{_ZH_NOT_OTHERS}{_ZH_ALLERGEN_FIRST}(?:有点|有些|严重|也|都)?过敏(?![的吗?史源原药性])(?!试验|测试|反应)",
        0.85,
        "过敏原说在前：'大豆过敏'、'对花生过敏'、'青霉素过敏'（'我妹对花生过敏'不算）。",
        ("大豆过敏 豆浆都不能喝", "对花生过敏", "青霉素过敏，讲到抗生素想起来"),
        object_kind=EntityKind.OBJECT,
        relation=RelationKind.ALLERGIC_TO,
        object_required=True,
        trigger=r"过敏",
    ),
)
