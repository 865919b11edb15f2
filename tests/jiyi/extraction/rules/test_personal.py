"""Residence rules (`lives_*` in `jiyi.extraction.rules.personal`): where the user lives, said in
passing, zh and en, named canonically in the language said; a trip, someone else's place, a past
home, a hypothetical, or "in" that is not a place name none."""

from __future__ import annotations

import pytest

from jiyi.domain import EntityKind, EventAttr, EventType, RelationKind, Role, Turn
from jiyi.extraction.engine import extract_with_rules

from .graph_claims import claims_in

OBJ, REL, KIND = EventAttr.OBJECT, EventAttr.RELATION, EventAttr.OBJECT_KIND


def homes_in(text: str) -> list[str]:
    """The places a user turn says the user lives in now (read in context: not someone
    else's, not a past state)."""
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return [
        e.attributes[OBJ]
        for e in extract_with_rules(turn)
        if e.event_type is EventType.PERSONAL_FACT
        and e.attributes.get(REL) == RelationKind.LIVES_IN.value
        and e.attributes.get(EventAttr.HOLDER) is None
        and e.attributes.get(EventAttr.TENSE) is None
    ]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("im in Bordeaux rn", "Bordeaux"),
        ("ok so im in nyc rn and its freezing", "New York City"),
        ("i'm in toronto lol", "Toronto"),
        ("Im in the US btw", "United States"),
        ("we're in Melbourne now 🙂", "Melbourne"),
        ("here in Chengdu it's so humid", "Chengdu"),
        ("it's 3am here in Sydney lol", "Sydney"),
        ("greetings from Toronto", "Toronto"),
        ("hey! hello from rainy Manchester 😎", "Manchester"),
        ("I'm from Ohio but live in Seattle now", "Seattle"),
        ("originally from Lagos, now in London", "London"),
        ("ive been living in Lisbon since 2019", "Lisbon"),
        ("I'm a nurse in Leeds", "Leeds"),
        ("im a 2nd year uni student in melbourne", "Melbourne"),
        ("in Madrid we eat dinner late", "Madrid"),
        ("I'm currently in Montréal, it's -20 out", "Montreal"),
        ("我在成都", "成都"),
        ("我现在在深圳上班", "深圳"),
        ("坐标北京", "北京"),
        ("坐标：北京朝阳", "北京"),
        ("我base上海", "上海"),
        ("现居杭州", "杭州"),
        ("刚搬到深圳", "深圳"),
        ("我们全家搬来上海了", "上海"),
        ("来深圳三年了", "深圳"),
        ("我们武汉这边特别热", "武汉"),
        ("人在魔都", "上海"),
        ("人在帝都，天天加班", "北京"),
        ("我家在杭州", "杭州"),
        ("我在London", "伦敦"),
        ("我是上海本地人", "上海"),
        ("I teach English in Bordeaux", "Bordeaux"),
        ("i work in leeds, nights mostly", "Leeds"),
        ("my flat in Bordeaux is tiny", "Bordeaux"),
        ("just got back home to Toronto", "Toronto"),
        ("杭州这边最近好热", "杭州"),
        ("我们成都今天又下雨了", "成都"),
        ("我老家武汉，现在在广州", "广州"),
        ("在成都读研", "成都"),
        ("我们学校在成都", "成都"),
        ("身在杭州 心在远方", "杭州"),
        # where what the user does now happens
        ("我在深圳做运营 想明年跳槽去上海", "深圳"),  # a plan to change ends no job
        ("现在在广州带孙子", "广州"),
        ("白天在杭州一家律所做行政 晚上学日语", "杭州"),
        ("平时在深圳上班 周三学画画", "深圳"),
        ("Leeds here, 34, ward nurse", "Leeds"),
        ("hi! Denver here 👋", "Denver"),
    ],
)
def test_where_the_user_lives(text, place):
    assert place in homes_in(text), f"{place!r} not among {homes_in(text)} for {text!r}"


def test_the_place_is_a_place_entity():
    turn = Turn(
        user_id="u1", session_id="s1", role=Role.USER, content="im in Bordeaux rn", client_ts=1
    )
    (event,) = [e for e in extract_with_rules(turn) if e.attributes.get(REL)]
    assert event.attributes[KIND] == EntityKind.PLACE.value
    assert event.rule == "lives_en_im_in"


@pytest.mark.parametrize(
    "text",
    [
        "I'm in Paris for the weekend",
        "im in paris on vacation lol",
        "I'm in Paris, what should I see?",
        "I'm in love",
        "I'm in grade 10",
        "I'm in a meeting",
        "im in reading group",
        "I'm in Jordan's class",
        "here in nice it's warm",
        "in Python you use def",
        "in Paris we saw the Eiffel tower",
        "have you been to Rome?",
        "my sister lives in Paris",
        "my sister is in Paris rn",
        "I used to live in Rome",
        "I was here in Rome last summer",
        "when I was in Tokyo I loved it",
        "if I'm in London next week, where should I eat?",
        "I'm staying in Paris for now",
        "以前住在西安",
        "我以前在西安",
        "去北京玩",
        "下周去上海出差",
        "我在北京玩几天",
        "我在学习",
        "我在想这个问题",
        "我在上海交大读书",
        "我在中山路",
        "我姐刚搬到深圳",
        "我是上海的",
        "我是四川人",
        "I work in IT",
        "my sister's flat in Paris is huge",
        "我妈现在在广州",
        "在北京玩了三天",
        "我们学校在搞活动",
        "Nice here, 30 degrees",
        "is anyone here from chicago?",
        "London here is so expensive",
        "我想在深圳做程序员",
        # a hypothetical move, the place followed by a word of its own
        "if I moved to Berlin would I need German for work?",
        "if we moved to Lisbon would the kids cope",
        "how to say 'I live in Madrid' in Spanish?",
    ],
)
def test_not_where_the_user_lives(text):
    assert homes_in(text) == [], f"{homes_in(text)} from {text!r}"


def test_where_the_user_comes_from_is_an_origin_without_a_relation():
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content="我是上海的", client_ts=1)
    (event,) = [e for e in extract_with_rules(turn) if e.event_type is EventType.PERSONAL_FACT]
    assert event.attributes[OBJ] == "上海"
    assert event.attributes[KIND] == EntityKind.PLACE.value
    assert REL not in event.attributes


# --- said in an introduction, in a list, or as a move -----------------------------------------


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("hey! 22, barista, from Porto", "Porto"),
        ("im 17, from davao lol", "Davao"),
        ("hi, I'm from Kenya and need help with fractions", "Kenya"),
        ("im a 19 yo college student from texas", "Texas"),
        ("31/f/denver", "Denver"),
        ("Lena here, 26, nurse, Vienna", "Vienna"),
        ("we just moved to Halifax", "Halifax"),
        ("finally relocated to Dublin for work", "Dublin"),
        ("I'm from Ohio but just moved to Denver", "Denver"),
        ("moved into a tiny flat in Bristol last month", "Bristol"),
        ("i've lived in Osaka since 2020", "Osaka"),
        ("I've been in Lisbon for about 3 years now", "Lisbon"),
        ("毕业后去了杭州工作", "杭州"),
        ("我辞职回重庆了", "重庆"),
        ("去年从南京搬来苏州", "苏州"),
        ("以后就留在厦门了", "厦门"),
        ("公司把我外派到新加坡了", "新加坡"),
        ("我30 在青岛做外贸的", "青岛"),
        ("搬回长沙了 离家近", "长沙"),
        ("我来宁波工作了", "宁波"),
        ("在郑州一家物流公司做文员", "郑州"),
    ],
)
def test_where_the_user_lives_said_in_an_introduction_or_a_move(text, place):
    assert place in homes_in(text), f"{place!r} not among {homes_in(text)} for {text!r}"


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("I'm from Ohio originally but live in Austin now", "Austin"),
        ("grew up in Lyon, moved to Montréal 2 yrs ago", "Montreal"),
        ("在郑州做了三年文员 上个月辞职回成都了", "成都"),
    ],
)
def test_a_move_in_the_same_breath_names_only_the_new_home(text, home):
    assert set(homes_in(text)) == {home}, f"{homes_in(text)} from {text!r}"


@pytest.mark.parametrize(
    "text",
    [
        "I'm from Ohio",
        "I'm originally from Sweden",
        "my cousin, 25, from Lagos",
        "hi! my dad is from Lima",
        "hi, can you help with my essay on immigrants from Mexico?",
        "I got this problem from Japan's exam",
        "I'm moving to Oslo next year",
        "if we moved to Perth would it be cheaper",
        "my sister just moved to Leeds",
        "I moved to the next question",
        "I've been in Rome for 3 days",
        "I've been in Rome before",
        "15, 20, Paris",
        "we went from 9 to 5",
        "想辞职回成都",
        "打算毕业去深圳工作",
        "回成都过年",
        "以后想在成都工作",
        "我妈 在杭州做会计",
        "我姐辞职回成都了",
        "如果以后就在成都了呢",
        "他被调到北京了",
        "我同学在杭州",
    ],
)
def test_no_home_from_an_introduction_look_alike(text):
    assert homes_in(text) == [], f"{homes_in(text)} from {text!r}"


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("我以前住在北京 现在住在上海", "上海"),  # a space ends the past clause
        ("我在成都长大，现在住杭州", "杭州"),
        ("以前在北京工作 现在在上海", "上海"),
    ],
)
def test_the_present_home_after_a_past_one_said_in_a_clause_of_its_own(text, home):
    assert homes_in(text) == [home], f"{homes_in(text)} from {text!r}"


def test_a_past_home_alone_is_still_none():
    assert homes_in("我以前住在北京") == []


def test_a_past_time_said_after_a_space_is_another_clause_not_a_past_home():
    """In chat Chinese a space ends a clause: "考试的时候" later on is no "在成都的时候"."""
    text = "我在成都 大四 学土木的 今年21 考试的时候part 2一紧张就没话说了"
    assert homes_in(text) == ["成都"]


def test_the_users_own_earlier_words_quoted_to_be_corrected_are_no_home():
    assert homes_in("对了纠正一下 上次我说我在广州 其实我人在深圳 广州是我老家") == ["深圳"]


# --- widened: a settlement near a city, a posting, born and still there, a commute, a rented flat,
# zh: "我这边X", "家在X", "住X", "X漂", "一个人在X读书", "在X留学" -------------------------------


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("we live in a tiny hamlet right outside Dublin", "Dublin"),
        ("I'm living in a small town not far from Leeds", "Leeds"),
        ("I live on a farm near Toronto, wifi is awful", "Toronto"),
        ("I'm stationed in Japan with the navy", "Japan"),
        ("currently posted in Nairobi for work", "Nairobi"),
        ("born and raised in Boston, never left lol", "Boston"),
        ("born in Chicago and still here", "Chicago"),
        ("Chicago native, still living here", "Chicago"),
        ("originally from Peru but been in Madrid 3 years now", "Madrid"),
        ("I commute in from Oxford every morning", "Oxford"),
        ("renting a room in Berlin rn", "Berlin"),
        ("我这边哈尔滨，冷得要命", "哈尔滨"),
        ("家在成都武侯，说话带口音", "成都"),
        ("住杭州，晚上才有空", "杭州"),
        ("现在沪漂 租房好贵", "上海"),
        ("我一个人在巴黎读书 法语太难", "巴黎"),
        ("在首尔留学第一年", "首尔"),
        ("我在广州天河这边上班", "广州"),
    ],
)
def test_a_home_said_by_where_it_is_near_or_how_one_got_there(text, place):
    assert ("lives_in", place) in claims_in(text)


@pytest.mark.parametrize(
    "text",
    [
        "my sister lives in a village near Leeds",
        "if I ever live in a town outside Paris I'll learn French",
        "how do you say 'I live in a village near Rome'?",
        "my brother is stationed in Germany",
        "I used to be stationed in Japan",
        "born in Chicago but moved away ages ago",
        "my mom was born in Lagos and still lives there",
        "以前北漂过几年",
        "我姐沪漂 我在老家",
        "要是我在巴黎读书就好了",
    ],
)
def test_no_home_for_someone_elses_a_past_or_a_wished_place(text):
    assert not {c for c in claims_in(text) if c[0] == "lives_in"}


# --- widened allergies: "allergic to X" without "I'm", what an allergen does, hay fever,
# "对X过敏" without "我", a reaction then "过敏" -----------------------------------------------


@pytest.mark.parametrize(
    ("text", "allergen"),
    [
        ("allergic to shellfish btw, so no paella recipes", "shellfish"),
        ("ok. super allergic to cats, sorry", "cats"),
        ("peanuts put me in the ER every single time", "peanuts"),
        ("dairy makes me really sick", "dairy"),
        ("strawberries make my lips all puffy", "strawberries"),
        ("penicillin and me don't mix", "penicillin"),
        ("wasp stings = epipen", "wasp sting"),
        ("my hay fever is awful this week", "pollen"),
        ("可能对芝麻有点过敏", "芝麻"),
        ("对海鲜过敏，别推荐海鲜菜谱", "海鲜"),
        ("吃菠萝嘴巴就痒 应该是过敏", "菠萝"),
    ],
)
def test_an_allergy_said_without_i_am_or_by_what_it_does(text, allergen):
    found = {obj for rel, obj in claims_in(text) if rel == "allergic_to"}
    assert any(allergen.rstrip("s") in obj for obj in found), found


@pytest.mark.parametrize(
    "text",
    [
        "she's allergic to pollen",
        "if peanuts make me sick, what then?",
        "math makes me sick",
        "my son's hay fever is awful",
        "我同学对猫毛过敏",
        "我妈说对花生过敏",
        "我们科有个大爷海鲜过敏",
    ],
)
def test_no_allergy_for_someone_else_a_hypothetical_or_a_figure_of_speech(text):
    assert not {c for c in claims_in(text) if c[0] == "allergic_to"}
