"""Operation failures and complaints: what goes wrong for the user with the product or agent.

A failure names what broke, as a `UI_ELEMENT` ("the submit button doesn't work", "视频加载不出来"),
and being stuck on a problem is none ("我卡住了"); a complaint is the dissatisfaction itself
("this app is so slow", "浪费时间").
"""

from __future__ import annotations

from jiyi.domain import EntityKind, EventType
from jiyi.extraction.rules.fragments import EN_ADV, EN_I_AM, EN_OBJ
from jiyi.extraction.rules.model import Rule, rule

RULES: tuple[Rule, ...] = (
    # --- operation failures -------------------------------------------------------------------
    rule(
        "failure_en_doesnt_work",
        EventType.OPERATION_FAILURE,
        r"\b(?:the|this|that|my|your)\s+(?P<object>(?:[\w-]+\s+){0,2}?(?:button|link|page|app|"
        r"application|site|website|screen|video|upload|download|log-?in|sign-?in|feature|tab|menu|"
        r"form|player|audio|sound|camera|mic|microphone|search|checkout|payment|quiz|lesson|"
        r"exercise|timer|notifications?|sync|server|file|pdf|image|chart|keyboard|password|account"
        r"))\s+(?:still\s+|just\s+|always\s+)?(?:doesn't|does\s+not|won't|will\s+not|didn't|did\s+"
        r"not|isn't|is\s+not|can't|cannot|never|keeps?\s+(?:crashing|freezing|failing|loading|"
        r"breaking))\b",
        0.85,
        "A named UI element failing: 'the submit button doesn't work'.",
        ("The submit button doesn't work.", "the video won't load on my phone"),
        object_kind=EntityKind.UI_ELEMENT,
    ),
    rule(
        "failure_en_error",
        EventType.OPERATION_FAILURE,
        r"\b(?:I\s+(?:get|got|keep\s+getting|am\s+getting|'m\s+getting)|there(?:'s|\s+is)|"
        r"it\s+(?:shows|says|gives\s+me|throws|showed|gave\s+me)|(?:shows|showing))\s+(?:an?\s+|this"
        r"\s+|the\s+)?(?:[\w-]+\s+)?(?:error|exception|blank\s+(?:page|screen)|white\s+screen|404|"
        r"500)\b",
        0.85,
        "An error shown to the user: 'I get an error when I upload'.",
        ("I get an error when I upload my file.", "It shows a blank screen"),
        object_kind=EntityKind.UI_ELEMENT,
    ),
    rule(
        "failure_en_crash",
        EventType.OPERATION_FAILURE,
        r"\b(?:(?:it|the\s+app|the\s+page|the\s+site|the\s+game|the\s+video|everything)\s+(?:just\s+"
        r")?(?:crashed|crashes|keeps\s+crashing|froze|freezes|is\s+frozen|hangs|is\s+stuck|won't\s+"
        r"load|doesn't\s+load|is\s+not\s+loading|isn't\s+loading|is\s+broken)|nothing\s+happens\s+"
        r"when|(?:is|are)\s+not\s+responding|unresponsive)\b",
        0.85,
        "A crash or freeze: 'the app crashed again', 'nothing happens when I click'.",
        ("The app crashed again.", "Nothing happens when I click it"),
        object_kind=EntityKind.UI_ELEMENT,
    ),
    rule(
        "failure_en_cant_do",
        EventType.OPERATION_FAILURE,
        r"\bI\s+(?:can't|cannot|couldn't|could\s+not|am\s+unable\s+to|'m\s+unable\s+to)\s+"
        r"(?P<object>(?:log\s*in|sign\s*in|log\s+on|upload|download|submit|access|install|reset|"
        r"connect|find\s+the\s+(?:button|setting|option|page|menu))\b[^,.;!?]{0,40})",
        0.8,
        "An operation the user cannot complete: 'I can't log in'.",
        ("I can't log in since yesterday.", "I couldn't upload my homework"),
        object_kind=EntityKind.UI_ELEMENT,
    ),
    rule(
        "failure_zh_no_response",
        EventType.OPERATION_FAILURE,
        r"(?P<object>[^,.;:!?()。\n]{0,10}?)(?:点了|点击了?|按了|打开)?(?:之后)?(?:还是|一直|又|总是)?"
        r"(?<!我)(?<!我们)(?:没反应|没有反应|不能用|用不了|打不开|点不了|点不动|加载不出来?|加载失败|"
        r"登录不了|登不上去?|无法(?:登录|打开|使用|播放|提交|上传|下载|加载|连接|保存)|一直转圈|卡住了|"
        r"卡死了?|闪退|白屏|黑屏|报错了?|上传失败|提交失败|保存失败|连不上)",
        0.85,
        "操作失败：'点了没反应'、'提交按钮点不了'、'视频加载不出来'（'我卡住了'不算）。",
        ("点了没反应", "提交按钮点不了", "视频一直加载失败"),
        object_kind=EntityKind.UI_ELEMENT,
        trigger=r"反应|不能用|用不了|打不开|点不|加载|登|无法|转圈|卡|闪退|白屏|黑屏|报错|失败|连不上",
    ),
    rule(
        "failure_zh_error",
        EventType.OPERATION_FAILURE,
        r"错误代码|错误提示|提示错误|显示错误|出现错误|报错信息|程序出错|系统出错",
        0.85,
        "报错提示：'显示错误代码500'。",
        ("上传的时候显示错误代码500",),
        object_kind=EntityKind.UI_ELEMENT,
    ),
    # --- complaints ---------------------------------------------------------------------------
    rule(
        "complaint_en_bad",
        EventType.COMPLAINT,
        r"\b(?:(?:this|that|the|your|my)\s+\w+|this|that|it|you)(?:\s+(?:is|are|was|were)|'s|'re)\s+"
        r"(?:so\s+|really\s+|too\s+|very\s+|totally\s+|completely\s+|way\s+too\s+|super\s+|"
        r"such\s+a\s+)*"
        r"(?:slow|annoying|frustrating|useless|terrible|awful|horrible|broken|buggy|laggy|unusable|"
        r"ridiculous|unacceptable|a\s+waste\s+of\s+(?:time|money)|overpriced|worthless|garbage|"
        r"trash|rubbish|pain)\b",
        0.8,
        "A complaint about the product or the agent: 'this app is so slow'.",
        ("This app is so slow.", "Your answers are useless"),
    ),
    rule(
        "complaint_en_fed_up",
        EventType.COMPLAINT,
        rf"\b{EN_I_AM}\s+{EN_ADV}(?:annoyed|frustrated|fed\s+up|tired|sick|disappointed|unhappy|"
        rf"not\s+happy|not\s+satisfied|dissatisfied)\s+(?:with|by|of|about)\s+{EN_OBJ}",
        0.8,
        "Dissatisfaction aimed at something: 'I'm fed up with these ads'.",
        ("I'm fed up with these ads.", "I am disappointed with the course"),
        object_required=True,
    ),
    rule(
        "complaint_en_phrases",
        EventType.COMPLAINT,
        r"\b(?:this\s+sucks|what\s+a\s+waste|waste\s+of\s+(?:my\s+)?(?:time|money)|I\s+want\s+(?:a\s+"
        r"|my\s+money\s+)?(?:refund|back)|why\s+(?:does|is)\s+(?:this|it)\s+(?:always|keep|so)|"
        r"(?:it|this)\s+keeps\s+happening|every\s+single\s+time)\b",
        0.8,
        "Typical complaint phrases: 'this sucks', 'waste of time', 'I want a refund'.",
        ("Honestly, this sucks.", "What a waste of time"),
    ),
    rule(
        "complaint_zh_bad",
        EventType.COMPLAINT,
        r"(?:太|真|好|特别|非常|也太|实在太?)(?:慢|卡|难用|烦人|垃圾|差劲|坑|麻烦(?!你|您)|贵|烂|"
        r"坑人|不好用|不靠谱)了?|(?:什么破|破玩意|垃圾软件|坑人|浪费(?:我的)?时间|浪费钱|投诉|差评|"
        r"很不满意|太失望|退款|受够了)|(?:怎么)?(?:又|老是|总是|每次都)(?:出错|卡|崩|失败|掉线)",
        0.8,
        "抱怨：'这个软件太卡了'、'浪费时间'、'怎么又出错'。",
        ("这个软件太卡了", "怎么又出错了"),
    ),
)
