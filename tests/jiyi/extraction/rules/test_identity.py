"""Role rules (`jiyi.extraction.rules.identity`): what the user does, said any common way in zh
and en, names the role canonically (in the language said); someone else's role, a past or
wished one, a question, a trait in an occupation's shape or a school year names none."""

from __future__ import annotations

import pytest

from jiyi.domain import (
    NEGATIVE,
    EntityKind,
    Event,
    EventAttr,
    EventType,
    RelationKind,
    Role,
    Turn,
)
from jiyi.extraction.engine import extract_with_rules
from jiyi.graph.updates import claim_for

VAL = EventAttr.VALUE


def roles_in(text: str) -> list[str]:
    """The roles (`has_role`) a user turn gives the graph: not someone else's, not a past or a
    denied one, not a school year."""
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return [
        e.attributes[VAL]
        for e in extract_with_rules(turn)
        if e.event_type is EventType.IDENTITY_DECLARATION
        and VAL in e.attributes
        and e.attributes.get(EventAttr.RELATION) != RelationKind.SCHOOL_YEAR.value
        and e.attributes.get(EventAttr.HOLDER) is None
        and e.attributes.get(EventAttr.TENSE) is None
        and e.attributes.get(EventAttr.POLARITY) != NEGATIVE
    ]


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("I'm a nurse", "nurse"),
        ("im an ER nurse on nights", "nurse"),
        ("i am a registered nurse and pharm is killing me", "nurse"),
        ("work as a bartender", "bartender"),
        ("i work as an electrician", "electrician"),
        ("I've been working as a paralegal for 3 years", "paralegal"),
        ("I teach 3rd grade", "elementary school teacher"),
        ("i teach middle school science", "middle school teacher"),
        ("I do bookkeeping for a living", "bookkeeper"),
        ("I code for a living", "software engineer"),
        ("software dev here", "software engineer"),
        ("im a dev, need help with sql", "software engineer"),
        ("just a humble line cook lol", "line cook"),
        ("retired teacher", "retired teacher"),
        ("I'm a retired nurse", "retired nurse"),
        ("between jobs rn", "between jobs"),
        ("I just got laid off", "between jobs"),
        ("I'm a stay-at-home mom", "stay-at-home mom"),
        ("I'm a stay at home dad 🙂", "stay-at-home dad"),
        ("sahm here, trying to learn excel", "stay-at-home mom"),
        ("I run a small bakery", "business owner"),
        ("PhD student in chem", "PhD student"),
        ("cs student here", "cs student"),
        ("premed, junior year", "pre-med student"),
        ("I'm a PM at a fintech", "product manager"),
        ("Im a full-time barista", "barista"),
        ("im a welder", "welder"),
        ("I'm a phlebotomist", "phlebotomist"),
        ("nurse here, need help with dosage calc", "nurse"),
        ("As a teacher, I always struggle with this", "teacher"),
        ("I work at a hospital", "hospital worker"),
        ("I work in IT", "it professional"),
        ("我是一名护士", "护士"),
        ("我是护士", "护士"),
        ("本人护士一枚", "护士"),
        ("在医院上班", "医院工作人员"),
        ("我在银行工作", "银行职员"),
        ("我做会计的", "会计"),
        ("我在一家外企做会计", "会计"),
        ("当老师十年了", "老师"),
        ("干销售三年了", "销售"),
        ("我是程序员一枚", "程序员"),
        ("码农一枚，想学算法", "程序员"),
        ("我是程序猿", "程序员"),
        ("我是前端工程师", "前端工程师"),
        ("全职妈妈", "全职妈妈"),
        ("宝妈一枚～想学英语", "宝妈"),
        ("刚退休", "退休人员"),
        ("我退休三年了", "退休人员"),
        ("自由职业", "自由职业者"),
        ("开了家小店", "店主"),
        ("我自己开公司的", "创业者"),
        ("我刚失业", "待业"),
        ("待业中", "待业"),
        ("我是一名焊工", "焊工"),
        ("我是配音员", "配音员"),
        # everyday short forms, and where the work is done said first
        ("I'm a sparky", "electrician"),
        ("im a ref lol", "referee"),
        ("I'm a postie", "postal worker"),
        ("night shift sparky here", "electrician"),
        ("白天在杭州一家事务所做审计", "审计"),
        ("白天在一家医院当护士 晚上学英语", "护士"),
        ("现在在西安一个景区做讲解员实习", "讲解员"),
    ],
)
def test_a_role_said_any_common_way(text, role):
    found = roles_in(text)
    assert role in found, f"{role!r} not among {found} for {text!r}"


@pytest.mark.parametrize(
    "text",
    [
        # a school year, a beginner, a fan, a trait in an occupation's shape
        "I'm a junior",
        "I'm a freshman",
        "I'm a fan of jazz",
        "I'm a mess lol",
        "I'm a beginner at python",
        "im a slow learner",
        "I'm a perfectionist",
        "I'm a procrastinator",
        "I'm a people pleaser",
        "I'm a terrible cook lol",
        "I'm a teacher's pet lol",
        "I'm a dad joke kind of person",
        "I'm a lot better now",
        "i'm a student of history",
        # someone else's, past, wished, asked, denied
        "my mom is a nurse",
        "my sister works as a nurse",
        "I used to be a teacher",
        "I'm a former teacher",
        "I was a teacher for 20 years",
        "I want to be a nurse",
        "I'm an aspiring writer",
        "am I a good student?",
        "I'm a nurse?",
        "I'm not a nurse",
        # everything else
        "I teach myself guitar",
        "I do it for a living lol",
        "I have a business idea",
        "PM me later",
        "teacher, can you explain this?",
        "打工人",
        "社畜一枚",
        "我妈是护士",
        "我妈在医院上班",
        "我想当老师",
        "我以后想做程序员",
        "我以前是老师",
        "你是老师吗",
        "我是学生家长吗",
        "老师，这道题怎么做",
        "我是会员",
        "我是女生",
        "我是医生的女儿",
        "等我退休了再学",
        "我快退休了",
        "我怕失业",
        "我想开家小店",
        "他开了家小店",
    ],
)
def test_no_role_for_a_near_miss(text):
    assert roles_in(text) == [], f"{roles_in(text)} from {text!r}"


# --- several facts in one breath, majors, parents and corrections ------------------------------

AGE, ROLE, YEAR = "age", RelationKind.HAS_ROLE.value, RelationKind.SCHOOL_YEAR.value


def facts_in(text: str) -> dict[str, list[str]]:
    """The age, roles and school years a user turn gives the graph, by relation (a role it
    denies is one it takes away, not one it gives)."""
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    found: dict[str, list[str]] = {AGE: [], ROLE: [], YEAR: []}
    for e in extract_with_rules(turn):
        attributes = e.attributes
        if attributes.get(EventAttr.HOLDER) or attributes.get(EventAttr.TENSE):
            continue
        if attributes.get(EventAttr.POLARITY) == NEGATIVE:
            continue
        if e.event_type is EventType.AGE_DECLARATION:
            found[AGE].append(e.attributes[VAL])
        elif e.event_type is EventType.IDENTITY_DECLARATION and VAL in e.attributes:
            relation = e.attributes.get(EventAttr.RELATION, ROLE)
            found[relation].append(e.attributes[VAL])
    return found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "hey, im a bio major, junior, and orgo is killing me",
            {ROLE: "bio major", YEAR: "junior"},
        ),
        ("37, paralegal, finally learning spanish", {AGE: "37", ROLE: "paralegal"}),
        ("Hi! Priya here, 24, pharmacist in Leicester", {AGE: "24", ROLE: "pharmacist"}),
        ("I'm 45 and a respiratory therapist", {AGE: "45", ROLE: "respiratory therapist"}),
        ("im a 20 yo nursing student", {AGE: "20", ROLE: "nursing student"}),
        ("me: 31/m, line cook", {AGE: "31", ROLE: "line cook"}),
        ("so yeah. 19, sophomore, econ major", {AGE: "19", YEAR: "sophomore", ROLE: "econ major"}),
        ("I'm 16 and a junior", {AGE: "16", YEAR: "junior"}),
        ("mom of two, 38, teacher", {AGE: "38", ROLE: "teacher"}),
        ("大三 学法律的", {YEAR: "大三", ROLE: "法学生"}),
        ("我26 在成都当幼师", {AGE: "26", ROLE: "幼师"}),
        ("在苏州一家电子厂做质检员", {ROLE: "质检员"}),
        ("坐标广州 32岁 做跨境电商的", {AGE: "32", ROLE: "跨境电商"}),
        ("我30 在青岛做外贸的", {AGE: "30", ROLE: "外贸"}),
        ("我是学护理的 大二", {ROLE: "护理专业学生", YEAR: "大二"}),
        ("研二 计算机专业", {YEAR: "研二", ROLE: "计算机专业学生"}),
        ("软工的 大三", {YEAR: "大三", ROLE: "软件工程专业学生"}),
        ("21岁 生科的", {AGE: "21", ROLE: "生物专业学生"}),
        ("我是一名大一学生 学的是金融", {YEAR: "大一", ROLE: "金融专业学生"}),
    ],
)
def test_facts_said_in_one_breath(text, expected):
    found = facts_in(text)
    for relation, value in expected.items():
        assert value in found[relation], f"{relation} {value!r} not among {found} for {text!r}"


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("I'm a poli sci major at a state school", "poli sci major"),
        ("comp sci major here, need help with recursion", "comp sci major"),
        ("im a senior finance major lol", "finance major"),
        ("I study architecture", "architecture student"),
        ("im studying social work at uni", "social work student"),
        ("I study chemistry at Leeds", "chemistry student"),
        ("I'm doing a masters degree in public health", "public health student"),
        ("finishing my pharmacy degree this spring", "pharmacy student"),
        ("I study medicine", "medical student"),
        ("我是学心理学的", "心理学专业学生"),
        ("我读的是软件工程", "软件工程专业学生"),
        ("本人中文系的", "中文专业学生"),
        ("会计专业大四", "会计专业学生"),
        ("我的专业是临床医学", "医学生"),
        ("大一 读英语的", "英语专业学生"),
        ("我是计科的", "计算机专业学生"),
        ("我其实是心理学的", "心理学专业学生"),
    ],
)
def test_a_field_of_study_names_a_student(text, role):
    assert role in facts_in(text)[ROLE], f"{role!r} not among {facts_in(text)} for {text!r}"


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("my son just turned 6 and hates reading", "parent"),
        ("helping my daughter with long division tonight", "parent"),
        ("my 4 year old is obsessed with dinosaurs", "parent"),
        ("my youngest is in 1st grade", "parent"),
        ("mum of three here, need a refresher on algebra", "mom"),
        ("我家闺女今年上一年级", "妈妈"),
        ("儿子5岁了 想给他找点数学启蒙", "妈妈"),
        ("我家大宝三年级 娃他妈让我来问问", "爸爸"),
    ],
)
def test_the_users_own_child_names_a_parent(text, role):
    assert role in facts_in(text)[ROLE], f"{role!r} not among {facts_in(text)} for {text!r}"


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("老师您好，我是刚退休的语文老师，今年六十八了", "退休教师"),
        ("你好，我是退休的中学语文老师，今年65岁", "退休教师"),
        ("我是退休的护士", "退休护士"),
    ],
)
def test_a_role_retired_from_is_held_as_retired(text, role):
    assert facts_in(text)[ROLE] == [role]


@pytest.mark.parametrize(
    ("text", "relation", "new", "old"),
    [
        ("sorry my bad, I'm actually a senior", YEAR, "senior", None),
        ("oops I'm 14 not 13", AGE, "14", "13"),
        ("im 13. wait, I'm 14 not 13", AGE, "14", "13"),
        ("correction: sophomore, not freshman", YEAR, "sophomore", "freshman"),
        ("更正一下 我其实是高三 不是高二", YEAR, "高三", "高二"),
        ("我不是大一 是大二", YEAR, "大二", "大一"),
        ("打错了 我今年不是16 是17", AGE, "17", "16"),
        ("上次说我今年30岁 其实我31岁", AGE, "31", "30"),
        ("说错了 我不是会计 是审计", ROLE, "审计", "会计"),
        ("之前说我是销售 其实我是做运营的", ROLE, "运营", "销售"),
        ("纠正下 上回说我是护工 其实我是护士", ROLE, "护士", "护工"),
        ("其实我是店长不是店员", ROLE, "店长", "店员"),
    ],
)
def test_a_correction_names_the_new_value_not_the_old(text, relation, new, old):
    found = facts_in(text)
    assert new in found[relation], f"{new!r} not among {found} for {text!r}"
    if old is not None:
        assert old not in found[relation], f"{old!r} kept in {found} for {text!r}"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("ok so correction, I'm actually a junior", "junior"),
        ("wait I'm 15 not 16", "15"),
        ("其实我是大三不是大二", "大三"),
        ("不对 我今年28", "28"),
    ],
)
def test_a_corrected_age_or_school_year_is_a_single_valued_claim(text, value):
    """The graph closes the old value when a single-valued claim names a new one."""
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    claims = [c for e in extract_with_rules(turn) if (c := claim_for(e)) is not None]
    named = [c for c in claims if c.object_name == value]
    assert named, f"{value!r} not claimed from {text!r}: {claims}"
    assert all(c.relation.single_valued for c in named)


@pytest.mark.parametrize(
    "text",
    [
        "my roommate's a junior",
        "my brother is an econ major",
        "the psych major requirements are insane",
        "I'm 16 days behind on this",
        "I'm 5 minutes late sorry",
        "we covered it from 9 to 5",
        "I'll start from scratch",
        "the exam is in 3 days",
        "I want to study law one day",
        "I study math every night before bed",
        "I study spanish on my phone",
        "I studied law in college",
        "15, 20, 25, 30, what comes next?",
        "12, the answer is 5",
        "my cousin, 25, nurse, lives in Paris",
        "my kid brother is 7",
        "my neighbour's son is 6",
        "when my son was 5 he loved this",
        "she's a mother of two",
        "my 10 year old laptop died",
        "我妈是护士",
        "我同学是学会计的",
        "我老公是计算机专业的",
        "学会计的时候最头疼",
        "做完作业的可以走了",
        "我在家做作业的",
        "我家狗子3岁了",
        "孩子3岁的时候特别皮",
        "大一点的字体好看",
        "数学的呢",
        "我是数学的苦手",
        "我不是3 是4",
        "我妈 在杭州做会计",
        "她今年28岁",
        "在郑州做了三年文员 上个月辞职了",
    ],
)
def test_no_identity_fact_for_a_look_alike(text):
    found = facts_in(text)
    assert found == {AGE: [], ROLE: [], YEAR: []}, f"{found} from {text!r}"


def role_events(text: str) -> dict[str, dict[str, str]]:
    """The turn's role declarations by value: what the claim reader and the rules said of each."""
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return {
        e.attributes[VAL]: e.attributes
        for e in extract_with_rules(turn)
        if e.event_type is EventType.IDENTITY_DECLARATION and VAL in e.attributes
    }


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("其实我是出纳", "出纳"),
        ("纠正一下 上次说我是文员 其实我是出纳", "出纳"),
        ("我不是文员 是出纳", "出纳"),
        ("我辞职了 现在做程序员", "程序员"),
        ("我以前是老师，现在我是程序员", "程序员"),
        ("actually I'm an auditor, not an accountant", "auditor"),
        ("I'm a paralegal not a lawyer lol", "paralegal"),
        ("I'm not a nurse, I'm a midwife", "midwife"),
        ("I quit my job as a barista, now I'm a paralegal", "paralegal"),
        ("I changed jobs, I'm a nurse now", "nurse"),
        ("update: I'm a nurse now! passed my boards", "nurse"),
        ("I'm officially a teacher!!", "teacher"),
        ("我现在是护士了", "护士"),
        ("我已经是一名护士啦", "护士"),
        ("I got laid off in March", "between jobs"),  # out of work: the job is over
        ("我刚被裁了", "待业"),
        # the change said as news of its own just before
        ("换工作了！现在在西安一个景区做讲解员", "讲解员"),
        ("Quit the bank last month. I'm a barista", "barista"),
    ],
)
def test_a_role_said_as_a_correction_or_a_change_replaces_the_others(text, role):
    assert role_events(text)[role].get(EventAttr.CHANGE) == "supersedes"


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("I'm a nurse", "nurse"),
        ("我现在是护士", "护士"),  # "now" alone is when, not a change
        ("I'm a nurse and now also a mum", "nurse"),
        ("right now I'm a nurse", "nurse"),
        ("其实我也是家教", "家教"),  # said beside another role
        ("I'm a nurse too actually", "nurse"),
        ("thinking of quitting. I'm a barista", "barista"),  # weighed, not done
        ("我想辞职。我是会计", "会计"),
    ],
)
def test_a_role_said_plainly_or_alongside_another_adds_one(text, role):
    assert EventAttr.CHANGE not in role_events(text)[role]


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("我辞职了，不当老师了", "老师"),
        ("已经不是文员了", "文员"),
        ("我不做文员了", "文员"),
        ("我不是会计", "会计"),
        ("I'm not an accountant anymore", "accountant"),
        ("I'm no longer a barista", "barista"),
        ("I quit my job as a barista", "barista"),
        ("I quit being a teacher", "teacher"),
    ],
)
def test_a_role_quit_or_denied_is_said_negative(text, role):
    assert role_events(text)[role][EventAttr.POLARITY] == NEGATIVE
    assert roles_in(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "我不是学生家长",  # not "学生" denied
        "我不做作业了",
        "我不是专业的老师",
        "I'm not a nurse yet, still in school",
        "I'm not a doctor but is this normal?",
        "我不是护士吗",
        "I'm not a good teacher",
    ],
)
def test_no_role_is_denied_by_a_near_miss(text):
    assert not [a for a in role_events(text).values() if a.get(EventAttr.POLARITY) == NEGATIVE]


def job_ends_in(text: str) -> list[Event]:
    """The turn's role declarations that end a job without naming it."""
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return [
        e
        for e in extract_with_rules(turn)
        if e.event_type is EventType.IDENTITY_DECLARATION and VAL not in e.attributes
    ]


@pytest.mark.parametrize(
    "text",
    [
        "so I quit my job last week lol. taking a break",
        "I was let go in March",
        "i finally left my job",
        "I was fired yesterday",
        "我辞职了，打算休息一阵子",
        "上个月离职了",
        "我已经离职啦",
        "工作辞了 现在在家带娃",
    ],
)
def test_a_job_ended_without_naming_it_is_a_negative_role_claim(text):
    [event] = job_ends_in(text)
    assert event.attributes[EventAttr.POLARITY] == NEGATIVE
    claim = claim_for(event)
    assert claim is not None
    assert (claim.retracts, claim.object_name) == (True, "")


@pytest.mark.parametrize(
    "text",
    [
        "should I quit my job?",
        "if I quit my job I lose my visa",
        "my dad got laid off",
        "I quit smoking",
        "I quit my job as a barista",  # names the role: that one ends
        "我想辞职",
        "我爸辞职了",
        "辞职报告怎么写",
        "要不要辞职啊?",
    ],
)
def test_no_unnamed_job_end_for_a_near_miss(text):
    assert job_ends_in(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "we just moved!! boxes everywhere 📦 new job here too",
        "got a new job!!",
        "I just started a new job",
        "I changed jobs last month",
        "换工作了 最近好忙",
        "我上个月跳槽了",
        "我入职新公司了",
    ],
)
def test_a_new_job_said_without_naming_it_puts_the_old_one_in_doubt(text):
    [event] = job_ends_in(text)
    assert event.attributes[EventAttr.CHANGE] == "succeeded"
    assert EventAttr.POLARITY not in event.attributes
    claim = claim_for(event)
    assert claim is not None
    assert (claim.doubts, claim.retracts, claim.object_name) == (True, False, "")


@pytest.mark.parametrize(
    "text",
    [
        "looking for a new job rn",
        "should I get a new job?",
        "got a new job interview tomorrow",
        "my wife got a new job",
        "我想换工作",
        "要不要换工作啊",
        "你换工作了吗",
        "I changed jobs, I'm a nurse now",  # names the new one: that one replaces the others
    ],
)
def test_no_unnamed_new_job_for_a_near_miss(text):
    assert job_ends_in(text) == []


def ages_in(text: str) -> list[str]:
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return [
        e.attributes[VAL]
        for e in extract_with_rules(turn)
        if e.event_type is EventType.AGE_DECLARATION
    ]


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("im a sophomore, pre-med, 19. my roommate keeps saying orgo is the weed-out class", "19"),
        ("hey, I'm Sam, 34, I teach chemistry", "34"),
        ("sparky from melbourne, 34, been playing online for about a year", "34"),
        ("我上次说21 记错了 我03年12月的 现在22了", "22"),
    ],
)
def test_an_age_said_as_an_item_of_a_list_or_as_now(text, age):
    assert ages_in(text) == [age]


@pytest.mark.parametrize(
    "text",
    ["I'm doing problems 3, 17, 21", "im on page 4, 23, wait", "my mom, 54, nurse", "作业现在22了"],
)
def test_no_age_from_a_list_of_numbers_or_someone_elses_list(text):
    assert ages_in(text) == []


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("兄弟 晚上好 我白天跑外卖 晚上研究摄影", "外卖员"),
        ("二战考研 数一 线代特征值那块一直搞不清楚", "二战考研"),
    ],
)
def test_a_role_said_by_the_work_done_or_the_attempt(text, role):
    assert roles_in(text) == [role]


@pytest.mark.parametrize("text", ["我老公跑滴滴", "你是二战考研吗", "我想去跑外卖吗"])
def test_no_role_for_someone_elses_work_or_a_question(text):
    assert roles_in(text) == []


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("night shift nurse here so I study at 7am", "nurse"),
        ("I'm a night-shift nurse", "nurse"),
        ("evening shift cashier here lol", "cashier"),
        ("a morning-shift barista here", "barista"),
        ("overnight security guard here", "security guard"),
        ("2nd yr nursing student, need help", "nursing student"),
        ("I'm a year 12 student", "student"),
        ("grade 10 student here, need help", "student"),
    ],
)
def test_when_the_work_is_done_or_the_school_year_is_no_part_of_the_role(text, role):
    """A shift, a contract or the year before a role says when, not what: the role is the head."""
    assert roles_in(text) == [role], f"{roles_in(text)} for {text!r}"


def test_a_parent_is_known_by_every_common_name():
    """ "mum", "mother" and "mom" are one role: the entity the graph makes answers to each."""
    from jiyi import vocabulary

    entry = vocabulary.lookup("mum")
    assert entry is not None
    assert entry.kind is EntityKind.ROLE
    assert {"mom", "mum", "mother"} <= set(entry.names)
    assert vocabulary.lookup("father") is vocabulary.lookup("dad")


@pytest.mark.parametrize(
    ("said", "role"),
    [("22 应届生", "应届生"), ("35岁的程序员", "程序员"), ("a 22 year old nurse", "nurse")],
)
def test_an_age_said_with_a_role_is_not_part_of_it(said: str, role: str) -> None:
    from jiyi.extraction.rules.identity import normalise_role

    assert normalise_role(said) == role
