"""Object cleanup (`jiyi.extraction.rules.cleaning`): what a rule captured, cut to the thing
itself: no trailing emoji, no "someday"/"以后" tail, and nothing cut from inside a name."""

from __future__ import annotations

import pytest

from jiyi.extraction.rules.cleaning import clean_objects, en_clause_of, zh_clause_of


@pytest.mark.parametrize(
    ("raw", "lang", "cleaned"),
    [
        ("reading manga in japanese someday 🏴\u200d☠️", "en", "reading manga in japanese"),
        ("open a bakery one day", "en", "open a bakery"),
        ("run a marathon eventually", "en", "run a marathon"),
        ("move to Canada soon next year", "en", "move to Canada"),
        ("be fluent in a few years", "en", "be fluent"),
        ("become a vet in the future 🐶🐱", "en", "become a vet"),
        ("play jazz at some point", "en", "play jazz"),
        ("nursing school instead", "en", "nursing school"),
        ("pass the bar 😅", "en", "pass the bar"),
        ("当医生以后", "zh", "当医生"),
        ("去日本留学有一天", "zh", "去日本留学"),
        ("考上985💪💪", "zh", "考上985"),
    ],
)
def test_a_time_or_emoji_at_the_end_is_trimmed(raw, lang, cleaned):
    assert clean_objects(raw, lang, False) == (cleaned,)


@pytest.mark.parametrize(
    ("raw", "lang", "cleaned"),
    [
        ("finish it in one day", "en", "finish it in one day"),  # a span, not a when
        ("one day workshop", "en", "one day workshop"),  # not at the end
        ("soon-yi", "en", "soon-yi"),
        ("以后的规划", "zh", "以后的规划"),  # not at the end
        ("一本线", "zh", "一本线"),  # a university tier, not "a book of lines"
        ("二本", "zh", "二本"),
    ],
)
def test_words_that_only_look_like_a_tail_stay(raw, lang, cleaned):
    assert clean_objects(raw, lang, False) == (cleaned,)


def test_a_classifier_before_a_thing_still_goes():
    assert clean_objects("一本书", "zh", False) == ("书",)


@pytest.mark.parametrize(
    ("raw", "cleaned"),
    [("弹一首《茉莉花》", "弹《茉莉花》"), ("做一个网站", "做网站"), ("写一篇小说", "写小说"),
     ("年底给外孙女弹一首《茉莉花》", "年底给外孙女弹《茉莉花》"), ("统一一个格式", "统一一个格式"),
     ("看一下", "看一下")],
)  # fmt: skip
def test_one_and_its_measure_word_after_a_verb_go(raw, cleaned):
    assert clean_objects(raw, "zh", False) == (cleaned,)


@pytest.mark.parametrize(
    ("raw", "cleaned"),
    [("KeyError keeps", "KeyError"), ("the cold war unit", "cold war"),
     ("the derivatives topic", "derivatives"), ("unit circle", "unit circle"), ("topic", "topic")],
)  # fmt: skip
def test_what_it_does_to_the_user_and_the_part_of_a_course_are_no_part_of_a_name(raw, cleaned):
    assert clean_objects(raw, "en", False) == (cleaned,)


@pytest.mark.parametrize(
    ("raw", "frame_after", "clause"),
    [
        ("能画画吗 字", True, "字"),  # "…字我看不懂": the frame follows, the last clause is its
        ("好的 链式法则", True, "链式法则"),
        ("学好英语 以后出国", False, "学好英语"),  # "我想…": the frame comes first
        ("数学 讨厌英语", False, "数学"),
        ("链式法则", True, "链式法则"),
        ("Python 数据分析", False, "Python 数据分析"),  # a space beside Latin ends no clause
    ],
)
def test_a_chinese_capture_keeps_the_clause_next_to_its_frame(raw, frame_after, clause):
    assert zh_clause_of(raw, frame_after) == clause


@pytest.mark.parametrize(
    ("raw", "lang", "cleaned"),
    [
        ("k-pop rn", "en", "k-pop"),
        ("anything with fractions tbh", "en", "fractions"),
        ("everything to do with grammar", "en", "grammar"),
        ("something about photosynthesis", "en", "photosynthesis"),
        ("shellfish i think", "en", "shellfish"),
        ("the GRE maybe", "en", "GRE"),
        ("好像芒果", "zh", "芒果"),
        ("可能吉他", "zh", "吉他"),
        ("true crime podcasts", "en", "true crime podcasts"),  # near-miss: nothing to trim
        ("the passive voice just", "en", "passive voice"),
        ("spreadsheets with a passion", "en", "spreadsheets"),
        ("long lectures so bad", "en", "long lectures"),
        ("just in time compilers", "en", "in time compilers"),  # only a tail is a tail
        ("化学一开始", "zh", "化学"),
        ("听力现在反而", "zh", "听力"),
        ("立体几何一直", "zh", "立体几何"),
    ],
)
def test_chat_fillers_and_vague_heads_are_trimmed(raw, lang, cleaned):
    assert clean_objects(raw, lang, False) == (cleaned,)


@pytest.mark.parametrize("raw", ["这样", "那样子", "that", "this stuff", "现在反而", "如今"])
def test_a_pointer_names_nothing(raw):
    assert clean_objects(raw, "zh" if raw[0] > "~" else "en", False) == ()


@pytest.mark.parametrize(
    ("raw", "lang", "cleaned"),
    [
        ("how photosynthesis works", "en", "photosynthesis"),
        ("what a derivative is", "en", "derivative"),
        ("shorter answers please", "en", "shorter answers"),
        ("这道题", "zh", "题"),
        ("那种图表", "zh", "图表"),
    ],
)
def test_a_question_frame_a_courtesy_or_a_pointer_is_not_part_of_the_name(raw, lang, cleaned):
    assert clean_objects(raw, lang, False) == (cleaned,)


@pytest.mark.parametrize(
    ("raw", "lang", "cleaned"),
    [
        ("which reagents do what", "en", "reagents"),
        ("finally learn theory", "en", "learn theory"),
        ("finish the draft by end of May", "en", "finish the draft"),
        ("尤其是相似对角化", "zh", "相似对角化"),
    ],
)
def test_a_question_frame_an_adverb_a_date_or_a_focus_word_is_no_part_of_the_name(
    raw, lang, cleaned
):
    assert clean_objects(raw, lang, False) == (cleaned,)


@pytest.mark.parametrize(
    ("raw", "cleaned"),
    [
        ("摄影半年了", "摄影"),
        ("吉他两个多月", "吉他"),
        ("三年级", "三年级"),
        ("高一年级", "高一年级"),
    ],
)
def test_how_long_it_has_been_is_no_part_of_a_chinese_name(raw, cleaned):
    assert clean_objects(raw, "zh", False) == (cleaned,)


@pytest.mark.parametrize(
    ("raw", "lang", "cleaned"),
    [
        ("种点番茄🍅和香草", "zh", "种点番茄和香草"),  # between Chinese characters: gone
        ("pizza 🍕 fractions", "en", "pizza fractions"),
        ("画建筑速写✏️", "zh", "画建筑速写"),
        ("A→B", "en", "A→B"),  # an arrow may be meant
        ("△ABC全等", "zh", "△ABC全等"),  # so may a shape
    ],
)
def test_emoji_inside_an_object_go(raw, lang, cleaned):
    assert clean_objects(raw, lang, False) == (cleaned,)


@pytest.mark.parametrize(
    ("raw", "lang", "cleaned"),
    [
        ("the odds ratio thing still", "en", "odds ratio"),
        ("graduate abeg", "en", "graduate"),
        ("the mock exam lah", "en", "mock exam"),
        ("subnetting bro", "en", "subnetting"),
        ("发球那个", "zh", "发球"),
        ("磨刀这一步", "zh", "磨刀"),
        ("配平那步", "zh", "配平"),
        ("背单词嘞", "zh", "背单词"),
        ("still life painting", "en", "still life painting"),  # near-miss: not at the end
        ("the whole thing", "en", "whole thing"),  # "thing" is the head here
        ("a sure thing", "en", "sure thing"),
    ],
)
def test_a_vague_head_a_pointer_or_a_chat_particle_at_the_end_goes(raw, lang, cleaned):
    assert clean_objects(raw, lang, False) == (cleaned,)


@pytest.mark.parametrize(
    ("raw", "lang", "cleaned"),
    [
        ("春天一到花粉", "zh", "花粉"),  # when, said before the thing
        ("去学学韩语", "zh", "韩语"),  # a verb said twice
        ("练练口语", "zh", "口语"),
        ("阅读倒", "zh", "阅读"),  # "阅读倒还行": a particle of contrast
        ("扫弦早", "zh", "扫弦"),  # "扫弦早就没问题了"
        ("maybe the IELTS", "en", "IELTS"),  # a hedge names nothing
        ("语序颠倒", "zh", "语序颠倒"),  # near-miss: 倒 is part of the word
        ("学习方法", "zh", "学习方法"),  # near-miss: not a doubled verb
    ],
)
def test_a_when_a_doubled_verb_a_particle_or_a_hedge_around_a_name_goes(raw, lang, cleaned):
    assert clean_objects(raw, lang, False) == (cleaned,)


@pytest.mark.parametrize("raw", ["正儿八经", "好好", "班上好多人", "大家", "别人", "同学们"])
def test_a_manner_or_a_group_of_people_is_no_object(raw):
    assert clean_objects(raw, "zh", False) == ()


@pytest.mark.parametrize(("raw", "kept"), [("看字看", None), ("听课听", None), ("数学", "数学")])
def test_a_verb_said_again_before_its_result_is_no_object(raw, kept):
    # "我看字看不明白": how it is hard; "学点数学" ends in 学 and is a thing
    assert clean_objects(raw, "zh", False) == ((kept,) if kept else ())


@pytest.mark.parametrize(
    ("raw", "clause"),
    [
        ("we live in Ohio and fractions", "fractions"),
        ("in Manila and pharmacology", "pharmacology"),
        ("SN1 and SN2", "SN1 and SN2"),  # near-miss: one name of two parts
        ("reading and writing kanji", "reading and writing kanji"),
    ],
)
def test_an_english_capture_before_its_frame_keeps_its_last_clause(raw, clause):
    assert en_clause_of(raw) == clause


@pytest.mark.parametrize(
    ("raw", "cleaned"),
    [("A major", "A major"), ("A levels", "A levels"), ("a major problem", "major problem")],
)
def test_a_capital_a_before_a_chord_or_an_exam_is_no_article(raw, cleaned):
    assert clean_objects(raw, "en", False) == (cleaned,)


@pytest.mark.parametrize(
    ("raw", "cleaned"),
    [
        ("ladder-against-a-wall word problems", "word problems"),
        ("two-step equations", "two-step equations"),
        ("mother-in-law", "mother-in-law"),
        ("stay-at-home mom", "stay-at-home mom"),  # a known name, whole
    ],
)
def test_a_long_hyphenated_description_before_a_name_is_no_part_of_it(raw, cleaned):
    assert clean_objects(raw, "en", False) == (cleaned,)


def test_an_aspect_particle_opening_a_chinese_capture_goes():
    assert clean_objects("了老家宜昌", "zh", False) == ("老家宜昌",)
