"""Identity facts said the way chat says them (`identity`, `introductions`, `personal`): a role
with where it is done before it ("青岛一所初中的体育老师"), a gig with its city, an item with 的 or
in brackets, an age said by a birthday, a school year said bare before what follows, a move said
as settled, an allergy a doctor confirmed; near-misses (a kind of company, someone else's
birthday, a planned transfer, a question, a trip) say nothing."""

from __future__ import annotations

import pytest

from jiyi.domain import EventAttr, EventType, Role, Turn
from jiyi.extraction.engine import extract_with_rules

from .graph_claims import claims_in


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a role with where (or for whom) it is done, said before it with 的
        (
            "您好 我是厦门一所小学的数学老师 想学点编程",
            {("has_role", "数学老师"), ("lives_in", "厦门")},
        ),
        ("我是杭州一家外企的会计", {("has_role", "会计"), ("lives_in", "杭州")}),
        (
            "你好 我是成都这边的规培住院医 今天夜班",
            {("has_role", "规培住院医"), ("lives_in", "成都")},
        ),
        ("我是一家物流公司的文员", {("has_role", "文员")}),
        # a gig with the city it is done in
        ("你好 我在广州跑滴滴的 想学点英语", {("has_role", "网约车司机"), ("lives_in", "广州")}),
        ("我在武汉送快递", {("lives_in", "武汉")}),
        # what the job is
        ("上班是互联网产品经理，996那种", {("has_role", "互联网产品经理")}),
        ("我的工作是会计 天天对账", {("has_role", "会计")}),
        # items of an introduction: a place with 的, a bracket, an English greeting
        ("老师好 我西安的 初二 数学不太行", {("lives_in", "西安"), ("school_year", "初二")}),
        ("hi 我南京的 程序员 想学日语", {("lives_in", "南京"), ("has_role", "程序员")}),
        (
            "Semi-retired now (64, Leeds) and learning the cello",
            {("age", "64"), ("lives_in", "Leeds")},
        ),
        # an age said by a birthday
        ("昨天我过生日 30了 哈哈", {("age", "30")}),
        ("今天生日！满18啦", {("age", "18")}),
        ("just turned 40 last week and finally learning to code", {("age", "40")}),
        ("bday today! officially 25 🎉", {("age", "25")}),
        ("62 years young and determined to learn spanish", {("age", "62")}),
        # an age said bare
        ("我五十三了 眼神不好 字大点", {("age", "53")}),
        ("本人29 文科生 想学统计", {("age", "29")}),
        ("今年刚好五十，单位非让学Excel", {("age", "50")}),
        # a school year said bare before what follows
        ("高一刚开学 化学老师讲得飞快", {("school_year", "高一")}),
        ("研二在实习 只有晚上有空", {("school_year", "研二")}),
        ("博一 做CV的 想补补概率论", {("school_year", "博一")}),
        ("大三下要考六级", {("school_year", "大三")}),
        # a move said as settled
        ("we're moving to Denver this weekend!! new job", {("lives_in", "Denver")}),
        ("im moving to Leeds tomorrow lol", {("lives_in", "Leeds")}),
        # an allergy a doctor confirmed, or a reaction to a thing made of it
        ("看了医生 确诊是花粉过敏 春天难受", {("allergic_to", "花粉")}),
        ("皮肤科查出来是尘螨过敏", {("allergic_to", "尘螨")}),
        ("latex gloves give me hives so labs are fun", {("allergic_to", "latex")}),
        # where one lives without 在 or without "I"; an age just reached; a freshman
        ("我住台北，习惯看繁体，可以用繁体回我吗", {("lives_in", "台北")}),
        ("我家住杭州", {("lives_in", "杭州")}),
        ("live in leeds, 2 kids", {("lives_in", "Leeds")}),
        ("今年刚满十八，高考完了", {("age", "18")}),
        ("大一新生求助", {("school_year", "大一")}),
        ("in my second year of med school and mnemonics help", {("school_year", "second year")}),
        # a parent said by the children, a driver by what they drive, a role with its years
        ("两个娃的妈，白天上班晚上盯作业", {("has_role", "妈妈")}),
        ("两个孩子的爸，没空", {("has_role", "爸爸")}),
        ("Keep it short, I've got a toddler", {("has_role", "parent")}),
        ("我开货车的，路上只能听", {("has_role", "司机")}),
        ("I drive a truck for a living so audio it is", {("has_role", "driver")}),
        (
            "I drive a forklift at a warehouse, zero coding background",
            {("has_role", "forklift driver")},
        ),
        ("My son (11) is doing Python at his school coding club", {("has_role", "parent")}),
        # a job said with 做…的 and no 我, a place before 读, an age corrected after other words
        ("hi 坐标广州 做HR的 白天忙成狗", {("has_role", "人事"), ("lives_in", "广州")}),
        ("我在杭州一家小公司做财务", {("has_role", "会计")}),
        ("我22 武汉读大四 应届生", {("school_year", "大四"), ("age", "22")}),
        ("对了纠正下 上次说28 我是97年的 过完生日其实29了", {("age", "29")}),
        # a name makes a list an introduction; initials signed on; a job worked "nights as"
        ("evening! names Dave, 52, i drive the number 19 bus round Leeds", {("age", "52")}),
        ("salam! I'm Ayesha, 19, 2nd year econ at LUMS", {("age", "19")}),
        (
            "hi! RN here, 34, med-surg at a hospital in Toronto.",
            {("has_role", "nurse"), ("age", "34")},
        ),
        (
            "I am 38, a dad, I work nights as a security guard here in Dublin",
            {("has_role", "security guard")},
        ),
        ("Em là Linh, I work as accountant in Ho Chi Minh City.", {("has_role", "accountant")}),
        ("oh wait its tree nuts im allergic to, not peanuts", {("allergic_to", "tree nuts")}),
        # a fact of the user's relayed from someone who knows ("my mum says …")
        ("my mum says its tree nuts im allergic to not peanuts", {("allergic_to", "tree nuts")}),
        ("我妈说我对花生过敏", {("allergic_to", "花生")}),
        (
            "backend dev for 6 years and I still don't get CSS grid",
            {("has_role", "backend developer")},
        ),
        # a school year said before what it has, an age by "…的人了", a typo corrected, "as of"
        (
            "救命 高二物理受力分析完全不会",
            {("school_year", "高二"), ("learning_obstacle", "受力分析")},
        ),
        ("我们四年级作业本来就好多", {("school_year", "四年级")}),
        ("hii 大三统计狗 人在武汉", {("school_year", "大三"), ("lives_in", "武汉")}),
        ("我退休三年了 六十五的人了 是不是太笨了", {("age", "65")}),
        ("先纠正下 上回手滑打成36了 其实35。", {("age", "35")}),
        ("嗨 上次说34是手滑了 其实是43 我儿子都上初一了", {("age", "43")}),  # the slip is past
        ("对了上次说35是虚岁 周岁其实34", {("age", "34")}),
        ("yo. 22, 2nd yr pipefitter apprentice out of gary indiana", {("age", "22")}),
        ("small correction, i told u 32 but im 33 as of saturday", {("age", "33")}),
        ("40 y/o mum of two here in Brisbane", {("age", "40"), ("has_role", "mom")}),
        # a role with its years, a bootcamp, an allergy said with "myself"
        ("12 yrs as a staff nurse on a surgical ward here in Cardiff", {("has_role", "nurse")}),
        ("now 6 weeks into a full time coding bootcamp", {("has_role", "bootcamp student")}),
        ("im allergic to penicillin myself, funny", {("allergic_to", "penicillin")}),
        ("搬到上海了 在陆家嘴这边实习", {("has_role", "实习生"), ("lives_in", "上海")}),
        # trades and insurance, named by the vocabulary of roles
        (
            "52, insurance adjuster here in Vancouver, zero Chinese.",
            {("age", "52"), ("has_role", "insurance adjuster")},
        ),
        ("welding apprentice, 24, out of Calgary", {("age", "24"), ("has_role", "apprentice")}),
    ],
)
def test_an_identity_fact_said_the_way_chat_says_it(text, expected):
    assert expected <= claims_in(text)


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("我是美国公司的员工", ("lives_in", "美国")),
        ("我以前是深圳一家公司的会计 现在辞职了", ("lives_in", "深圳")),
        ("我妈在深圳送外卖", ("has_role", "外卖员")),
        ("我儿子昨天过生日 5岁了", ("age", "5")),
        ("下周生日 就30了", ("age", "30")),
        ("my son just turned 5", ("age", "5")),
        ("my brother (14) is doing maths", ("has_role", "parent")),
        ("你好啊小老师 我今年66了", ("has_role", "小老师")),  # whom the user addresses
        ("我儿子读大四", ("school_year", "大四")),
        ("我朋友读研一 她说累成狗", ("school_year", "研一")),
        ("我想考上大学", ("school_year", "大学")),
        ("HR说我可以", ("has_role", "人事")),
        ("Hello teacher! I need help", ("has_role", "Hello teacher")),
        ("Hello teacher! I need help", ("has_role", "teacher")),
        ("I'm 30, my son Sam, 12", ("age", "12")),
        ("rn here, 34", ("has_role", "nurse")),
        ("my mum says its tree nuts im allergic to not peanuts", ("allergic_to", "not peanuts")),
        ("my sister says she is allergic to peanuts", ("allergic_to", "peanuts")),
        ("我妈对花生过敏", ("allergic_to", "花生")),
        ("I drive a car to the office", ("has_role", "driver")),
        ("I turned 90 degrees left", ("age", "90")),
        ("字能不能大一点", ("school_year", "大一")),
        ("大二下个月要考试吗", ("school_year", "大二")),
        ("公司要把我调去慕尼黑 大概4月过去", ("lives_in", "慕尼黑")),
        ("我明年要搬到上海", ("lives_in", "上海")),
        ("I'm thinking about moving to Leeds", ("lives_in", "Leeds")),
        ("we're moving to Leeds next year", ("lives_in", "Leeds")),
        ("if we're moving to Denver I need a car", ("lives_in", "Denver")),
        ("my sister is moving to Paris", ("lives_in", "Paris")),
        ("确诊是花粉过敏吗", ("allergic_to", "花粉")),
        ("我妈去医院确诊是花粉过敏", ("allergic_to", "花粉")),
        ("是不是对漆过敏哦", ("allergic_to", "漆")),
        ("周末去成都这边玩", ("lives_in", "成都")),
        ("我住宿舍，晚上很吵", ("lives_in", "宿舍")),
        ("in my first year I hated it", ("school_year", "first year")),
        ("in my second year of teaching, kids are wild", ("school_year", "second year")),
        ("nurse for 10 years, now retired", ("has_role", "nurse")),
        ("I have a kid brother", ("has_role", "parent")),
        ("我同学有两个孩子", ("has_role", "妈妈")),
        ("I drive a truck", ("has_role", "driver")),
        ("my dad drives a truck for a living", ("has_role", "driver")),
        ("我开车的时候听", ("has_role", "司机")),
        ("我是四年级数学老师", ("school_year", "四年级")),
        ("我儿子四年级作业好多", ("school_year", "四年级")),
        ("他们四年级作业好多", ("school_year", "四年级")),
        ("他都六十的人了", ("age", "60")),
        ("这道题我算成36了 其实35", ("age", "35")),
        ("我说了34遍 其实35遍", ("age", "35")),
        ("she's 40 y/o mum of two", ("has_role", "mom")),
        ("我想考高一点的分数", ("goal", "点的分数")),
        ("I worked 10 years as a teacher", ("has_role", "teacher")),
        ("Retired last spring after 40 years as an electrician", ("has_role", "electrician")),
        ("my sister is 6 weeks into a bootcamp", ("has_role", "bootcamp student")),
        ("should I do a bootcamp?", ("has_role", "bootcamp student")),
        ("我以前在腾讯实习过", ("has_role", "实习生")),
        ("我女儿在腾讯实习", ("has_role", "实习生")),
        ("换工作了！现在在西安一个景区做讲解员实习", ("has_role", "实习生")),  # a guide, interning
        ("taught 3rd grade for 8 yrs, quit in december", ("goal", "in december")),
    ],
)
def test_no_identity_fact_from_a_near_miss(text, wrong):
    assert wrong not in claims_in(text)


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("我是广州这边的医生 实践技能上个月已经过了", "广州"),  # 已经过了 is no passing through
        ("成都这边有个木工坊 我报了周末班", "成都"),  # a weekend class is no weekend trip
        # a trip word far from the place is about something else ("did grades till about 12")
        (
            "40 y/o mum of two here in Brisbane, finally doing piano for ME 🎹 I used to read "
            "music fluently as a kid — did grades till about 12 — but it's completely gone",
            "Brisbane",
        ),
        ("上次说错了 我们家在无锡 不是苏州 那几天在苏州女儿家住着", "无锡"),
    ],
)
def test_a_home_is_not_taken_for_a_trip_by_a_look_alike_word(text, home):
    assert ("lives_in", home) in claims_in(text)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("I'm in Paris, on vacation", "Paris"),
        ("im in lisbon this week for a conference, any tips", "Lisbon"),
        ("我在成都 出差几天", "成都"),
        ("周末去成都这边玩", "成都"),
    ],
)
def test_a_trip_said_near_the_place_is_no_home(text, place):
    assert ("lives_in", place) not in claims_in(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an age said in passing, before what it explains
        ("26岁转行学UI设计来得及吗", ("age", "26")),
        ("68岁的老太太想学电脑打字", ("age", "68")),
        ("作为一个35岁的全职妈妈，重新捡起英语真的好难", ("age", "35")),
        ("手指按弦疼死了 40岁才开始学吉他", ("age", "40")),
        # in brackets, as a form, just turned, "都…了"
        ("画画的初中生一枚（14）", ("age", "14")),
        ("我这个年纪（55）学钢琴会不会太晚了", ("age", "55")),
        ("年龄：29  职业：药剂师", ("age", "29")),
        ("刚满18！终于能报驾校了", ("age", "18")),
        ("都50了脑子转不动", ("age", "50")),
        # a role after "作为/身为", with years in it, as a form, without what it is said with
        ("作为一个全职妈妈 时间很碎", ("has_role", "全职妈妈")),
        ("身为一名程序员 数学居然这么差", ("has_role", "程序员")),
        ("做了十年会计了，现在想转数据分析", ("has_role", "会计")),
        ("当了五年护士 想考个证", ("has_role", "护士")),
        ("年龄：29  职业：药剂师", ("has_role", "药剂师")),
        ("画漫画的初中生一枚", ("has_role", "初中生")),
    ],
)
def test_an_age_or_role_said_in_passing_zh(text: str, expected: tuple[str, str]) -> None:
    assert expected in claims_in(text)


@pytest.mark.parametrize(
    "text",
    [
        "满18岁就能考驾照",
        "30岁以后再说吧",
        "我女儿，8岁，想学钢琴",
        "都10点了还没写完",
        "第(14)题不会",
        "以前当了两年老师",
        "作为老师你应该讲慢点",
    ],
)
def test_an_age_or_role_not_the_users_now_zh(text: str) -> None:
    assert not {c for c in claims_in(text) if c[0] in ("age", "has_role")}


# --- widened ages: a field ("Age 41"), an opening "NN y/o", number words, brackets, "at NN is it
# too late", a decade then the age, "retired at 62, now 70"; zh: "NN了才", "俺今年", "奔三了（28）",
# "过完NN岁生日", "作为一个NN岁" ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("Age: 41. Want to learn Excel", "41"),
        ("my age? 29, if that matters", "29"),
        ("23 years old, nurse, stuck on stats", "23"),
        ("hi. 17 y/o, exams soon", "17"),
        ("forty-two and finally learning to swim", "42"),
        ("im fifty now lol", "50"),
        ("me (16) trying to pass chem", "16"),
        ("nurse here (44), night shifts", "44"),
        ("at 45, is it too late to learn coding?", "45"),
        ("I'm the youngest in the group at 19 lol", "19"),
        ("mid 30s, 34 to be exact", "34"),
        ("retired at 60, now 67 and bored", "67"),
        ("being 15 sucks sometimes", "15"),
        ("42了还想学编程 来得及吗", "42"),
        ("俺今年六十三 眼睛不好", "63"),
        ("快四十了(38) 想学吉他", "38"),
        ("上周过完30岁生日", "30"),
        ("作为一个50岁的人 学英语好难", "50"),
        ("所以其实还是17岁", "17"),
    ],
)
def test_an_age_said_without_i_am(text, age):
    assert ("age", age) in claims_in(text)


@pytest.mark.parametrize(
    "text",
    [
        "my daughter (15) is stuck on algebra",
        "my age group is the 30-39 one",
        "at 10 can you call me?",
        "my son just turned 40 last week",
        "我儿子刚过完5岁生日",
        "我妈 60了还在学电脑",
        "要是 35了才开始学 会不会太晚",
        "以前 20了还不会游泳",
        "how do you say 'I am 30' in French?",
    ],
)
def test_no_age_for_someone_elses_a_time_or_a_question(text):
    assert not {c for c in claims_in(text) if c[0] == "age"}


# --- widened school years: "Nth grader", a system's own name (Form 4, S5, lower sixth, 2L, Year 12,
# G11), "final-year X student"; zh: "医学院大三", "大专二年级" ------------------------------------


@pytest.mark.parametrize(
    ("text", "year"),
    [
        ("10th grader, chemistry is hard", "10th grade"),
        ("im an 11th grader btw", "11th grade"),
        ("Form 5 student here, exams soon", "Form 5"),
        ("S4 here, need help with maths", "S4"),
        ("upper sixth, doing maths and physics", "upper sixth"),
        ("I'm a 3L now", "3L"),
        ("we're in Year 12 so it's mocks season", "Year 12"),
        ("G11了 压力好大", "G11"),
        ("I'm a final year engineering student", "final year"),
        ("法学院大二 民法好难", "大二"),
        ("我高职一年级", "高职一年级"),
        ("sixth grade, we live in Ohio and fractions confuse me", "sixth grade"),  # said first
        ("a sixth grader lol", "sixth grade"),
    ],
)
def test_a_school_year_said_by_its_systems_name(text, year):
    assert ("school_year", year) in claims_in(text)


@pytest.mark.parametrize(
    "text",
    [
        "my son is a 9th grader",
        "my brother is in Year 10.",
        "my daughter just started Form 1, any tips?",
        "what does S5 mean in Scotland?",
        "the sixth grade, by the way, was my hardest year",  # not said first and alone
    ],
)
def test_no_school_year_for_someone_elses_or_a_question(text):
    assert not {c for c in claims_in(text) if c[0] == "school_year"}


# --- widened roles: "as a X ... I", "考上公务员" -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("as a nurse I see this all the time", "nurse"),
        ("as a stay-at-home mom with three kids I barely have time", "stay-at-home mom"),
        ("but as an accountant I should get this", "accountant"),
        ("今年刚考上公务员 分到区里", "公务员"),
        ("终于考上事业编了", "事业编"),
    ],
)
def test_a_role_said_by_as_a_or_an_exam_passed(text, role):
    assert ("has_role", role) in claims_in(text)


@pytest.mark.parametrize(
    "text",
    [
        "as a teacher would say, read it twice",
        "as a kid I loved maths",
        "我表姐考上公务员了",
        "要是考上公务员就好了",
    ],
)
def test_no_role_for_a_saying_childhood_or_someone_else(text):
    assert not {c for c in claims_in(text) if c[0] == "has_role"}


@pytest.mark.parametrize(
    ("text", "year"),
    [("I'm a 4th grader", "4th grade"), ("i am a sixth grader lol", "sixth grade"),
     ("I'm in 7th grade", "7th grade")],
)  # fmt: skip
def test_a_grader_is_one_school_year_and_no_occupation(text, year):
    assert claims_in(text) == {("school_year", year)}


def _ages(text: str) -> set[str]:
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return {
        e.attributes[EventAttr.VALUE]
        for e in extract_with_rules(turn)
        if e.event_type is EventType.AGE_DECLARATION
    }


@pytest.mark.parametrize(
    ("text", "age"),
    [("hello my name is sam i am eleven years old", "11"), ("so im 9 years old and", "9"),
     ("im 10 my teacher gave us homework", "10"), ("ok im 12 i need help w fractions", "12")],
)  # fmt: skip
def test_an_age_said_in_full_or_run_on_is_read(text, age):
    assert _ages(text) == {age}


@pytest.mark.parametrize(
    "text", ["when i was ten years old we moved", "my sister is 9 years old", "im 2 lessons behind"]
)
def test_an_age_of_the_past_or_of_someone_else_is_not_the_users(text):
    assert _ages(text) == set()


def test_a_school_year_corrected_at_once_is_the_only_one_said():
    found = claims_in("im in year 11 — no wait year 12, first year of sixth form, still new")
    assert {c for c in found if c[0] == "school_year"} == {("school_year", "year 12")}
