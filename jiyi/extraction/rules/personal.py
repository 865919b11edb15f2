"""Personal facts: the people, pets, places, work, habits and events in the user's life.

The background a companion should remember ("my sister", "I moved to Paris", "我每天都会画画");
the object is the person, place or activity, and `object_kind` tells the graph which entity it is.
"""

from __future__ import annotations

from jiyi.domain import EntityKind, EventType
from jiyi.extraction.rules.fragments import EN_ADV, EN_I_AM, EN_OBJ, ZH_OBJ
from jiyi.extraction.rules.model import Rule, rule

RULES: tuple[Rule, ...] = (
    rule(
        "personal_en_family",
        EventType.PERSONAL_FACT,
        r"\bmy\s+(?P<object>(?:(?:little|older|younger|big|baby|twin|best|oldest|youngest|eldest|"
        r"late|step|ex)[\s-])?(?:sister|brother|siblings?|mom|mum|mother|dad|father|parents|wife|"
        r"husband|partner|spouse|girlfriend|boyfriend|fianc[eé]e?|son|daughter|kids?|child|"
        r"children|family|grandma|grandmother|grandpa|grandfather|grandparents|aunt|uncle|cousin|"
        r"nephew|niece|friends?|bestie|fam|boss|coworkers?|colleagues?|neighbou?rs?|roommate|mentor))"
        r"\b",
        0.55,
        "A person in the user's life: 'my sister', 'my best friend', 'my kids'.",
        ("My sister just had a baby.", "I went hiking with my best friend."),
        object_kind=EntityKind.PERSON,
        object_required=True,
    ),
    rule(
        "personal_en_has_relatives",
        EventType.PERSONAL_FACT,
        r"\bI\s+(?:have|'ve\s+got|have\s+got)\s+(?:a|an|two|three|four|five|\d+)\s+"
        r"(?P<object>(?:[\w-]+\s+)?(?:kids|children|sons?|daughters?|sisters?|brothers?|siblings|"
        r"grandchildren|grandkids))\b",
        0.8,
        "Family composition: 'I have two kids', 'I have an older brother'.",
        ("I have two kids.", "I have an older brother"),
        object_kind=EntityKind.PERSON,
        object_required=True,
    ),
    rule(
        "personal_en_pet",
        EventType.PERSONAL_FACT,
        r"\b(?:I|we)\s+(?:have|had|got|adopted|own|rescued)\s+(?:a|an|two|three|four|\d+|my\s+first"
        r"|a\s+new)\s+(?P<object>(?:[\w-]+\s+){0,2}?(?:dogs?|cats?|pupp(?:y|ies)|kittens?|pets?|"
        r"hamsters?|rabbits?|bunn(?:y|ies)|birds?|parrots?|fish|turtles?|snakes?|horses?|"
        r"guinea\s+pigs?|lizards?))\b",
        0.8,
        "A pet: 'I have a golden retriever named Max' (object: the animal).",
        ("I have a dog named Max.", "We adopted two kittens!"),
        object_kind=EntityKind.OBJECT,
        object_required=True,
    ),
    rule(
        "personal_en_place",
        EventType.PERSONAL_FACT,
        rf"\b(?:I(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?(?:moved|relocated)\s+"
        rf"(?:back\s+)?from|I\s+(?:currently\s+|now\s+|still\s+)?live\s+near|"
        rf"I\s+grew\s+up\s+in|{EN_I_AM}\s+(?:originally\s+)?from|I\s+was\s+born\s+in|"
        rf"my\s+hometown\s+is)\s+{EN_OBJ}",
        0.85,
        "Where the user comes from or lives near: 'I'm originally from Sweden' (where they live "
        "now is `facts.lives_en_in`).",
        ("I grew up in Paris.", "I'm originally from Sweden."),
        object_kind=EntityKind.PLACE,
        object_required=True,
    ),
    rule(
        "personal_en_work",
        EventType.PERSONAL_FACT,
        rf"\bI\s+(?:currently\s+|now\s+)?(?:work|worked|volunteer|volunteered|intern|interned)\s+"
        rf"(?:at|for|in|with)\s+{EN_OBJ}",
        0.75,
        "Where the user works or volunteers: 'I work at a hospital'.",
        ("I work at a hospital.", "I volunteer at the animal shelter on weekends"),
        object_kind=EntityKind.PLACE,
        object_required=True,
    ),
    rule(
        "personal_en_life_event",
        EventType.PERSONAL_FACT,
        r"\b(?:I|we|my\s+(?:family|kids|husband|wife|partner|friends))\s+(?:just\s+|recently\s+|"
        r"finally\s+|also\s+|actually\s+|even\s+)?(?:went\s+(?:to|on)|visited|attended|joined|"
        r"started|began|finished|completed|graduated(?:\s+from)?|bought|adopted|ran|painted|built|"
        r"won|met|volunteered\s+at|celebrated|signed\s+up\s+for|took\s+up|learned|learnt|"
        r"travel(?:l)?ed\s+to|hiked|camped|baked|wrote|performed|received|launched|opened|planted|"
        r"organi[sz]ed|hosted|got\s+(?:married|engaged|promoted|divorced|a\s+new))\s+"
        rf"{EN_OBJ}",
        0.55,
        "Something that happened in the user's life: 'I went to a support group', 'we adopted'.",
        ("I went to a support group yesterday.", "We celebrated my daughter's birthday."),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "personal_en_ongoing",
        EventType.PERSONAL_FACT,
        rf"\b(?:{EN_I_AM}|I(?:'ve|\s+have)\s+been)\s+{EN_ADV}(?:currently\s+|now\s+)?"
        r"(?!(?:studying|preparing|training|saving)\s+for\b)"
        r"(?P<object>(?:volunteering|working|studying|learning|taking|training|painting|writing|"
        r"reading|practicing|practising|playing|teaching|running|building|saving|looking\s+for|"
        r"thinking\s+about|getting\s+into|carrying\s+on|researching|applying|preparing|"
        r"planning|organi[sz]ing|attending|renovating|fostering|raising|mentoring|putting\s+together|"
        r"making|starting)\b"
        r"[^,.;:!?()\n]{0,60})",
        0.6,
        "Something the user is doing these days: 'I'm volunteering at the youth center'.",
        ("I'm volunteering at the youth center.", "I've been learning the guitar"),
        object_kind=EntityKind.ACTIVITY,
    ),
    rule(
        "personal_en_habit",
        EventType.PERSONAL_FACT,
        r"\bI\s+(?:usually|always|often|normally|regularly|sometimes|tend\s+to|used\s+to)\s+"
        r"(?!(?:feel|think|get|forget|mix|confuse|struggle|wonder|say)\b)(?P<object>[a-z]+\b"
        r"[^,.;:!?()\n]{0,60})",
        0.6,
        "A habit or routine: 'I usually run before work', 'I used to play piano'.",
        ("I usually run before work.", "I used to play the piano"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "personal_en_upcoming",
        EventType.PERSONAL_FACT,
        r"\bI(?:'ve|\s+have)(?:\s+got)?\s+(?:a|an|my|this)\s+(?P<object>[^,.;:!?()\n]{1,50}?)\s+"
        r"(?:coming\s+up|next\s+(?:week|month|year|weekend|time)|tomorrow|tonight|this\s+"
        r"(?:week|weekend|month|friday|saturday|sunday)|on\s+(?:monday|tuesday|wednesday|"
        r"thursday|friday|saturday|sunday))\b",
        0.7,
        "Something scheduled in the user's life: 'I have a job interview next week'.",
        ("I have a job interview next week.", "I've got a community meeting coming up"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "personal_zh_family",
        EventType.PERSONAL_FACT,
        r"我(?:的|家|们家)?(?P<object>妈妈|母亲|老妈|爸爸|父亲|老爸|父母|爸妈|老公|老婆|丈夫|妻子|"
        r"男朋友|女朋友|男友|女友|对象|儿子|女儿|孩子|宝宝|哥哥|姐姐|弟弟|妹妹|爷爷|奶奶|外公|外婆|"
        r"姥姥|姥爷|家人|好朋友|朋友|闺蜜|同学|同事|室友|老板|领导|邻居)",
        0.55,
        "生活中的人：'我妈妈'、'我的同事'、'我闺蜜'。",
        ("我妈妈最近身体不太好", "周末和我闺蜜去逛街了"),
        object_kind=EntityKind.PERSON,
        object_required=True,
    ),
    rule(
        "personal_zh_habit",
        EventType.PERSONAL_FACT,
        r"我(?:一般|平时|经常|每天|每周|通常|常常|总是|一直|周末)(?:都|也|还)?(?:会|是|要)?"
        rf"(?!觉得|感觉|感到|想|把|不|没|的|在考虑|在想|在思考){ZH_OBJ}",
        0.6,
        "习惯或日常：'我一般都是在健身房里锻炼'、'我每天都会花半个小时画画'。",
        ("我一般都是在健身房里锻炼", "我每天都会花半个小时画画"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "personal_zh_ongoing",
        EventType.PERSONAL_FACT,
        r"我(?:最近|现在|目前|也|还|一直)*(?:正在|在)(?P<object>(?:学|学习|练|练习|准备|做|写|读|看|找|研究|"
        r"参加|备考|装修|养)[^,.;:!?()。\n]{1,20})",
        0.6,
        "正在做的事：'我最近正在学做川菜'、'我还在学习攀岩'。",
        ("我最近正在学做川湘菜", "其实最近我还在学习攀岩"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "personal_zh_pet",
        EventType.PERSONAL_FACT,
        r"我(?:家)?(?:养了?|有|买了|领养了)(?:一|两|三|几|\d)(?:只|条|头|匹)(?P<object>[\u4e00-\u9fff]{1,6})",
        0.8,
        "宠物：'我养了一只猫'。",
        ("我养了一只猫", "我家有两条金鱼。"),
        object_kind=EntityKind.OBJECT,
        object_required=True,
    ),
    rule(
        "personal_zh_place",
        EventType.PERSONAL_FACT,
        r"我(?:现在|目前|一直)?(?:住在|生活在|定居在?|搬到了?|搬去了?|来自|老家(?:在|是)|出生在|出生于)"
        r"(?P<object>[\u4e00-\u9fffA-Za-z]{1,12})",
        0.85,
        "居住地或来处：'我住在上海'、'我老家在成都'。",
        ("我住在上海。", "我老家在成都"),
        object_kind=EntityKind.PLACE,
        object_required=True,
    ),
    rule(
        "personal_zh_workplace",
        EventType.PERSONAL_FACT,
        r"我(?:现在|目前)?在(?!思考|考虑|想|找|准备|努力|认真|做|忙|学|寻找|犹豫|换|家)"
        r"(?P<object>[\u4e00-\u9fffA-Za-z]{2,12}?)(?:工作|上班|上学|读书|实习)",
        0.75,
        "工作或上学的地方：'我在北京工作'、'我在一家医院上班'。",
        ("我在北京工作", "我现在在一家医院上班。"),
        object_kind=EntityKind.PLACE,
        object_required=True,
    ),
    rule(
        "personal_zh_life_event",
        EventType.PERSONAL_FACT,
        r"(?:我|我们)(?:今天|昨天|前天|刚才|刚刚|上周|周末|前几天|最近|上个月|去年|今年|这周|昨晚|今晚|"
        r"也|还)?(?:去了|参加了|报名了|完成了|认识了|开始了|搬了|换了|学了|考了|拿到了|收到了|加入了|"
        r"爬了|逛了|画了|养了|买了|看了|做了|去)"
        rf"{ZH_OBJ}",
        0.55,
        "生活中的事件：'今天我去了公园散步'、'我报名了钢琴课'。",
        ("今天我去了公园散步", "我报名了一个钢琴课。"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
)
